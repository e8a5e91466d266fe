# expect: SYN101=1, SYN105=1
# why: a plain `@property` getter runs at every read, and its own `while` loop copies a host tensor to the GPU and reads a result on every iteration: the loop's syncs are per iteration, as in any method (the look-alike `negative/syn105_cached_property_probe_once.py` caches it)
import torch
from torch import nn


class EmbeddingWrapper(nn.Module):
    def __init__(self, model: nn.Module, sample_rate: int = 16000) -> None:
        super().__init__()
        self.model_ = model
        self.sample_rate = sample_rate
        self.device = torch.device("cuda")

    @property
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
