# expect: SYN101=2
# why: the same loader loops, but the targets are moved to the device too (a comprehension over their fields) or handed to the model with the moved images: their ids and labels may be GPU tensors, so each .item() syncs
import torch


def train_one_epoch(model, optimizer, data_loader, device):
    for images, targets in data_loader:
        images = [img.to(device) for img in images]
        targets = [{k: v.to(device) for k, v in t.items()} for t in targets]
        loss_dict = model(images, targets)
        losses = sum(loss for loss in loss_dict.values())
        optimizer.zero_grad()
        losses.backward()
        optimizer.step()
        seen = [t["image_id"].item() for t in targets]
        print(len(seen))


def evaluate(model, val_loader, device, prepare) -> list[int]:
    ids = []
    for inputs, labels in val_loader:
        inputs = inputs.to(device)
        logits = model(inputs, prepare(labels))
        for label in labels:
            ids.append(label.item())
    return ids
