# expect: none
# targets: SYN101
# why: the .item() sits in the assert message, evaluated only when the host check fails
import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, device):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        assert logits.shape[0] == y.shape[0], f"batch mismatch at step {step}: loss={loss.item()}"
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
