# expect: SYN101=2
# why: per-step loss and accuracy read with .item() inside the training loop
import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, device):
    model.train()
    history = []
    for inputs, targets in loader:
        inputs, targets = inputs.to(device), targets.to(device)
        logits = model(inputs)
        loss = F.cross_entropy(logits, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        acc = (torch.argmax(logits, dim=-1) == targets).float().mean()
        history.append({"loss": loss.item(), "acc": acc.item()})
    return history
