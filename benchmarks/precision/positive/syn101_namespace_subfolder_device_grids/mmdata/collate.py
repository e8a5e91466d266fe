# expect: SYN101=1
# why: the look-alike's helper in the namespace folder moves its grids to the GPU: `.item()` per row waits for the device on every iteration
import torch

from .utils.image import grids


def positions(images: list) -> list:
    grid = grids(images)
    return [int(t.item()) for t in grid[:, 0]]
