# expect: SYN111=1
# why: repeat_interleave with device counts and no output_size= must read the total on the host
import torch


def expand_rows(rows: torch.Tensor, counts: torch.Tensor) -> torch.Tensor:
    return torch.repeat_interleave(rows, counts, dim=0)
