# expect: SYN102=1
# why: issue 22, fresh18 M2 (allennlp's BeamSearch): `self.sampler = sampler or DeterministicSampler()`, where the parameter is an `Optional[Sampler]` and the default a subclass that inherits `sample_beams`, is a `Sampler` either way: its `sample_beams` gives `topk`'s device indices, so the stop test on them per decoding step is a sync
from typing import Optional, Tuple

import torch


class Sampler:
    def sample_beams(self, log_probs: torch.Tensor, k: int) -> Tuple[torch.Tensor, torch.Tensor]:
        return torch.topk(log_probs, k, dim=-1)


class DeterministicSampler(Sampler):
    pass


class BeamSearch:
    def __init__(self, end_index: int, sampler: Optional[Sampler] = None) -> None:
        self.sampler = sampler or DeterministicSampler()
        self._end_index = end_index

    def search(self, log_probs: torch.Tensor) -> torch.Tensor:
        _, last = self.sampler.sample_beams(log_probs.cuda(), 4)
        for _ in range(10):
            if (last == self._end_index).all():
                break
            _, last = self.sampler.sample_beams(log_probs + last.float(), 4)
        return last
