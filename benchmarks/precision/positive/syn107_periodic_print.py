# expect: SYN107=1
# why: a read every 100 steps is opt-in periodic logging, not a sync on every iteration
import torch
import torch.nn.functional as F


def train(model, loader, optimizer, device):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step % 100 == 0:
            print(f"step {step}: loss {loss.item():.4f}")
