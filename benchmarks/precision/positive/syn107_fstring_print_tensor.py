# expect: SYN107=1
# why: formatting a device loss into an f-string every 10 steps reads it on the host (periodic)
import torch
import torch.nn.functional as F


def overfit_batch(model, x, y, optimizer, steps=100):
    for step in range(steps):
        loss = F.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 10 == 0:
            print(f"step {step}: loss={loss:.5f}")
