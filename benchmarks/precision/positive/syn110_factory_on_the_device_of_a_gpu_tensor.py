# expect: SYN110=1
# why: look-alike of the video_llama_3 fix: the merge sizes are made on the device of a tensor that is on the GPU (`device=hidden_states.device` in `forward`), so a size computed from them is read on the host per video
import torch
from torch import nn


class Merger(nn.Module):
    def forward(self, hidden_states: torch.Tensor, grids: list[tuple[int, int, int]], merge_size: int):
        merge_sizes = torch.full((len(grids),), merge_size, dtype=torch.long, device=hidden_states.device)
        masks = []
        for (t, h, w), size in zip(grids, merge_sizes):
            masks.append(torch.ones(((h // size) * (w // size),), dtype=torch.bool))
        return masks
