# expect: SYN101=1
# why: transformers annotates input ids and grids `torch.LongTensor` (a tensor on any device, not the CPU class); a VLM's `forward` reading the grid per image syncs (lfm3_vl, qwen2_vl)
import torch
from torch import nn


class VisionPatchMerger(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, pixel_values: torch.FloatTensor, image_grid_thw: torch.LongTensor) -> list[torch.Tensor]:
        hidden = self.proj(pixel_values)
        pieces = []
        offset = 0
        for grid in image_grid_thw:
            t, h, w = grid.tolist()
            pieces.append(hidden[offset:offset + t * h * w])
            offset += t * h * w
        return pieces
