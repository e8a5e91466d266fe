# expect: SYN101=2, SYN102=1
# why: look-alikes of negative/syn101_once_file_and_cli.py (worth40): a training loop inside `with open(log)` (it steps an optimiser: per step), a log file opened inside the step loop, a module's `forward` that writes a file (per-step by its role): each per-step read stays reported
from pathlib import Path

import torch
from torch import nn


def train(model: nn.Module, batches: list[torch.Tensor], log: Path) -> None:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    with open(log, "w") as f:
        for batch in batches:
            loss = model(batch.cuda()).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            f.write(f"{loss.item()}\n")


def fit(model: nn.Module, batches: list[torch.Tensor], log: Path) -> None:
    for batch in batches:
        loss = model(batch.cuda()).mean()
        with open(log, "a") as f:
            f.write(f"{loss.item()}\n")


class Probe(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with open("probe.txt", "a") as f:
            if torch.isnan(x).any():
                f.write("nan\n")
        return x
