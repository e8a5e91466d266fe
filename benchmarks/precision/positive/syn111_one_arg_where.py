# expect: SYN111=1
# why: one-argument torch.where is nonzero(): its size depends on the data
import torch


def active_positions(attention_mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    rows, cols = torch.where(attention_mask == 1)
    return rows, cols
