"""A small training loop with three kinds of host sync per step, for `synclint profile`.

Usage: python examples/train.py. It trains a tiny regression model for five steps on
random data (a CPU is enough: the steps take milliseconds) and prints the loss and the
largest gradient norm of each step. Written as if for a GPU, it makes three syncs a step:

- a list comprehension that calls `.item()` once per parameter (SYN101);
- `if torch.isnan(loss):`, a tensor used as a Python bool (SYN102);
- `loss_value()` in train_helpers.py, whose `.item()` runs once per step although no
  loop is in sight in that module.

The README section "Prove a fix" profiles it, joins the profile into `synclint check`
and proves the batched fix with `synclint fix --verify`.
"""

from __future__ import annotations

import torch
from torch import nn
from train_helpers import loss_value

STEPS = 5


def train() -> None:
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16, device=device), nn.ReLU(),
                          nn.Linear(16, 1, device=device))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    inputs = torch.randn(64, 8, device=device)
    targets = inputs.sum(dim=1, keepdim=True)
    for step in range(STEPS):
        loss = nn.functional.mse_loss(model(inputs), targets)
        if torch.isnan(loss):
            raise RuntimeError(f"the loss is NaN at step {step}")
        optimizer.zero_grad()
        loss.backward()
        grad_norms = [p.grad.norm().item() for p in model.parameters()]
        optimizer.step()
        print(f"step {step}: loss {loss_value(loss):.4f}, "
              f"largest gradient norm {max(grad_norms):.4f}")


if __name__ == "__main__":
    train()
