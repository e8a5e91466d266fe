# expect: none
# targets: SYN102
# why: look-alike of positive/syn102_beam_sampler_base_or_subclass.py: `self.sampler = sampler or ListSampler()` joins two classes neither of which derives from the other; the second's `sample_beams` gives Python lists, so what a call returns is not known to be a tensor and the loop's test is not reported
from typing import Optional, Tuple

import torch


class Sampler:
    def sample_beams(self, log_probs: torch.Tensor, k: int) -> Tuple[torch.Tensor, torch.Tensor]:
        return torch.topk(log_probs, k, dim=-1)


class ListSampler:
    def sample_beams(self, log_probs: torch.Tensor, k: int) -> Tuple[list, list]:
        values, indices = torch.topk(log_probs.cpu(), k, dim=-1)
        return values.tolist(), indices.tolist()


class BeamSearch:
    def __init__(self, end_index: int, sampler: Optional[Sampler] = None) -> None:
        self.sampler = sampler or ListSampler()
        self._end_index = end_index

    def search(self, log_probs: torch.Tensor) -> list:
        _, last = self.sampler.sample_beams(log_probs.cuda(), 4)
        for _ in range(10):
            if last == self._end_index:
                break
            _, last = self.sampler.sample_beams(log_probs, 4)
        return last
