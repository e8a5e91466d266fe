# expect: none
# targets: SYN101, SYN105
# why: a `cached_property` getter runs once per instance (pyannote's `min_num_samples`, fresh10 L4): its binary search over input sizes, with a host-to-device copy and a read per probe, is paid on the first access, not per step
from functools import cached_property

import torch
from torch import nn


class EmbeddingWrapper(nn.Module):
    def __init__(self, model: nn.Module, sample_rate: int = 16000) -> None:
        super().__init__()
        self.model_ = model
        self.sample_rate = sample_rate
        self.device = torch.device("cuda")

    @cached_property
    def min_num_samples(self) -> int:
        lower, upper = 2, self.sample_rate // 2
        middle = (lower + upper) // 2
        while lower + 1 < upper:
            signal = torch.rand(1, middle).to(self.device)
            out = self.model_(signal)
            if int(out.isfinite().all()):
                upper = middle
            else:
                lower = middle
            middle = (lower + upper) // 2
        return upper

    def forward(self, waveforms: torch.Tensor) -> torch.Tensor:
        if waveforms.shape[-1] < self.min_num_samples:
            waveforms = nn.functional.pad(waveforms, (0, self.min_num_samples))
        return self.model_(waveforms)
