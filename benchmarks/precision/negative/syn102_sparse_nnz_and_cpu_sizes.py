# expect: none
# targets: SYN102, SYN110
# why: a sparse tensor's `_nnz()` is host metadata; `torch.Tensor(shapes)` is a CPU tensor though the name is annotated `torch.Tensor` (added after the issue 22 sample)
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


class SparseLinear(nn.Module):
    def _sparse_mm(self, z: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        if s._nnz() == 0:
            return torch.zeros_like(z)
        return torch.sparse.mm(s, z)

    def forward(self, z: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        return self._sparse_mm(z, s)


def stack_batch(tensor_list: List[torch.Tensor], divisor: int = 1) -> torch.Tensor:
    all_sizes: torch.Tensor = torch.Tensor([tensor.shape for tensor in tensor_list])
    max_sizes = torch.ceil(torch.max(all_sizes, dim=0)[0] / divisor) * divisor
    padded_sizes = max_sizes - all_sizes
    if padded_sizes.sum() == 0:
        return torch.stack(tensor_list)
    return torch.stack([F.pad(t, [0, int(p)]) for t, p in zip(tensor_list, padded_sizes[:, -1])])
