# expect: SYN101=1
# why: a module's forward takes its input batch first; unannotated, a dict of tensors indexed by key then by position and read by int() is a host read per call, as the same line with `inputs: Dict[str, Tensor]` is (fresh9 M7, schnetpack DipoleMoment.forward)
import torch
from torch import nn


class DipoleMoment(nn.Module):
    def __init__(self, dipole_key: str = "dipole"):
        super().__init__()
        self.dipole_key = dipole_key

    def forward(self, inputs):
        idx_m = inputs["idx_m"]
        maxm = int(idx_m[-1]) + 1
        charges = inputs["partial_charges"]
        dipoles = inputs["R"].new_zeros((maxm, 3))
        dipoles.index_add_(0, idx_m, charges[:, None] * inputs["R"])
        inputs[self.dipole_key] = dipoles
        return inputs
