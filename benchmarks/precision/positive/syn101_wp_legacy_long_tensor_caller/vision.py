# expect: SYN101=1
# why: transformers lfm3_vl: the vision tower's `forward(grid_thw: torch.Tensor)` reads `grid_thw.tolist()` on every call; its only caller passes `image_grid_thw: torch.LongTensor`, a tensor on any device, so the caller does not make it a CPU tensor
import torch
from torch import nn


class VisionModel(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.patch_embed = nn.Linear(dim, dim)

    def forward(self, pixel_values: torch.Tensor, grid_thw: torch.Tensor) -> list[torch.Tensor]:
        grid_thw_list = grid_thw.tolist()
        hidden = self.patch_embed(pixel_values)
        sizes = [t * h * w for t, h, w in grid_thw_list]
        return list(torch.split(hidden, sizes))
