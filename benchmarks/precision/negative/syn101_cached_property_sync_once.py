# expect: none
# targets: SYN101
# why: a `cached_property` getter runs once per instance: its `int(...)` read of the labels is paid on the first access, not on every read in the loop
from functools import cached_property

import torch


class LabelStats:
    def __init__(self, labels: torch.Tensor) -> None:
        self.labels = labels.cuda()

    @cached_property
    def num_classes(self) -> int:
        return int(self.labels.max()) + 1

    def histograms(self, batches: list[torch.Tensor]) -> list[torch.Tensor]:
        out = []
        for batch in batches:
            out.append(torch.nn.functional.one_hot(batch, self.num_classes).sum(0))
        return out
