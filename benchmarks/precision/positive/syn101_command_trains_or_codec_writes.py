# expect: SYN101=2
# why: look-alikes of negative/syn101_once_file_and_cli.py (worth40): a CLI command that runs the training loop itself, and a codec that writes each frame to a file handle it is given (encodec's `compress_to_file`: the library's main path, per frame; the fresh9 hunt's R `compress.py:79`): each per-step read stays reported
from typing import IO

import torch
from torch import nn
from typer import Typer

app = Typer()


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
