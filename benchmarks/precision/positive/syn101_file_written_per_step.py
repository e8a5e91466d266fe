# expect: SYN101=4, SYN102=1
# why: look-alikes of negative/syn101_once_file_and_cli.py (worth40): a training loop inside `with open(log)` (it steps an optimiser: per step), a log file opened inside the step loop, a module's `forward` that writes a file (per-step by its role), a CLI command that runs the training loop itself, and a codec that writes each frame to a file handle it is given (encodec's `compress_to_file`: the library's main path, per frame; the hunt's R `compress.py:79`): each per-step read stays reported
from pathlib import Path
from typing import IO

import torch
from torch import nn
from typer import Typer

app = Typer()


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


def compress_to_file(model: nn.Module, wav: torch.Tensor, fo: IO[bytes]) -> None:
    codes = model(wav.cuda())
    for t in range(codes.shape[-1]):
        for value in codes[0, :, t].tolist():
            fo.write(bytes([value]))


@app.command()
def run(steps: int = 10) -> None:
    model = nn.Linear(4, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        loss = model(torch.randn(8, 4, device="cuda")).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(loss.item())
