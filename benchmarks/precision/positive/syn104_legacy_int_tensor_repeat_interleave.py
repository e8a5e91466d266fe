# expect: SYN104=1, SYN111=1
# why: `torch.IntTensor` lengths (a tensor on any device in transformers' signatures) used as `repeat_interleave` repeats make a data-dependent shape in `forward` (SYN111: no `output_size=`)
import torch
from torch import nn


class SegmentEmbedding(nn.Module):
    def __init__(self, num: int, dim: int):
        super().__init__()
        self.embed = nn.Embedding(num, dim)

    def forward(self, segment_ids: torch.LongTensor, segment_lengths: torch.IntTensor) -> torch.Tensor:
        expanded = segment_ids.repeat_interleave(segment_lengths)
        return self.embed(expanded)
