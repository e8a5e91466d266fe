# expect: SYN102=1
# why: the NaN test runs on every step (a sync); the .item() in the raise only on failure
import torch


def train(model, loader, optimizer, loss_fn):
    for step, (x, y) in enumerate(loader):
        loss = loss_fn(model(x), y)
        if torch.isnan(loss).any():
            raise FloatingPointError(f"NaN loss at step {step}: {loss.item()}")
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
