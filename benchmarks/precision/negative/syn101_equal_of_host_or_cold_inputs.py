# expect: none
# targets: SYN101
# why: `torch.equal` of tensors proven on the host (built by `torch.tensor` from lists), and of unannotated arguments in set-up code that runs once, is not a per-step GPU sync
import torch
from torch import nn


class Table(nn.Module):
    def __init__(self, rows, expected) -> None:
        super().__init__()
        if not torch.equal(rows, expected):
            raise ValueError("rows differ")
        self.register_buffer("rows", rows)

    def forward(self, ids: list[int], other: list[int]):
        same = torch.equal(torch.tensor(ids), torch.tensor(other))
        return self.rows if same else self.rows * 2
