# expect: none
# targets: SYN101
# why: a SciPy frozen distribution's `entropy()` is a NumPy value on the host, even in a file that imports torch: `float()` of it never syncs
import numpy as np
import torch
from scipy import stats


def noise_entropies(scales: list[float], samples: int) -> torch.Tensor:
    out = []
    for scale in scales:
        dist = stats.norm(loc=0.0, scale=scale)
        draws = dist.rvs(size=samples)
        out.append(float(dist.entropy()) + float(np.log(draws.std() + 1e-8)))
    return torch.tensor(out)
