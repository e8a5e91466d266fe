# expect: SYN111=1
# why: nonzero() whose rows are iterated in Python: a data-dependent size read on the host
import torch


def finished_episodes(dones: torch.Tensor) -> list[int]:
    idx = dones.nonzero().flatten()
    return [int(i) for i in idx.tolist()]
