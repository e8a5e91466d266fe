# expect: none
# targets: SYN101
# why: `utils/` has no `__init__.py` (a namespace package inside the regular package `mmdata`), yet `from .utils.image import grids` imports it: `grids` builds a CPU tensor, and `.item()` of its rows reads host memory (fresh13 F3's torchtitan multimodal collator, whose `utils/` lacks `__init__.py`)
import torch

from .utils.image import grids


def positions(images: list) -> list:
    grid = grids(images)
    return [int(t.item()) for t in grid[:, 0]]
