# expect: SYN301=1
# why: parameter-update norm as sqrt of a float32 squared sum
import torch


def update_norm(before: dict[str, torch.Tensor], after: dict[str, torch.Tensor]) -> torch.Tensor:
    total = torch.zeros(())
    for name, new in after.items():
        delta = new - before[name]
        total = total + ((delta ** 2).sum())
    return torch.sqrt(total)
