# expect: none
# targets: SYN101, SYN102, SYN104, SYN105
# why: torchani's io and cli (issue 22, fresh9 L2, worth40): a function that writes or reads a file (`with open(...)` around its loops) runs once per file, and a CLI command (typer's `@app.command()`) once per invocation; their loops over molecules, atoms or input files are not per step: once code, silent by default (`--once` reports it)
from pathlib import Path

import torch
from torch import Tensor
from typer import Typer

app = Typer()
SYMBOLS = {1: "H", 6: "C", 8: "O"}


def write_xyz(species: Tensor, coordinates: Tensor, dest: Path) -> None:
    with open(dest, mode="wt", encoding="utf-8") as f:
        for znums, coords in zip(species, coordinates):
            mask = znums != -1
            coords = coords[mask]
            f.write(f"{len(coords)}\n")
            for z, atom in zip(znums, coords):
                f.write(f"{SYMBOLS[int(z)]} {atom[0].item():.10f} {atom[1].item():.10f}\n")


def read_cells(path: Path, device: torch.device) -> Tensor | None:
    cell = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            found = torch.tensor([float(s) for s in line.split()], device=device).view(3, 3)
            if cell is None:
                cell = found
            elif not (cell == found).all():
                raise ValueError("cells differ")
    return cell


@app.command()
def single_point(paths: list[Path], device: str = "cuda") -> None:
    for p in paths:
        pbc = torch.tensor([True, False, False], device=device)
        if not pbc.any():
            pbc = None
