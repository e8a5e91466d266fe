# expect: none
# targets: SYN301
# why: squared sums of Python floats after one transfer
import math

import torch


def rms_of_norms(norms: torch.Tensor) -> float:
    host_values: list[float] = norms.double().tolist()
    return math.sqrt(sum(v * v for v in host_values) / max(len(host_values), 1))
