# expect-fix: safe
"""The largest of the sizes every rank reported (reduced from accelerate's
`_neuron_gather_object`)."""
from __future__ import annotations

import torch


def naive(size_list: list[torch.Tensor]) -> int:
    return int(max(s.item() for s in size_list))


def inputs() -> list[tuple[list[torch.Tensor]]]:
    def sizes(*values: int) -> list[torch.Tensor]:
        return [torch.tensor([v], dtype=torch.long) for v in values]

    return [(sizes(3, 9, 2),), (sizes(2**40 + 1, 5),), (sizes(7),), (sizes(0, 0),), ([],)]
