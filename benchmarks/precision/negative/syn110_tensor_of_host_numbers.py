# expect: none
# targets: SYN110
# why: torch.tensor() of Python numbers, or stacking device scalars, reads nothing back
import torch


def weights(lengths: list[int], loss: torch.Tensor, aux: torch.Tensor) -> torch.Tensor:
    w = torch.tensor([0.1, 0.2, 0.7])
    n = torch.tensor(lengths, dtype=torch.long)
    both = torch.stack([loss, aux])
    return w.sum() + n.sum() + both.sum()
