# expect: none
# targets: SYN111
# why: NumPy's where/unique/nonzero run on the host
import numpy as np
import torch


def host_stats(labels: np.ndarray) -> tuple[int, torch.Tensor]:
    rows = np.where(labels > 0)
    classes = np.unique(labels)
    nz = labels.nonzero()
    return len(classes) + len(nz[0]), torch.from_numpy(rows[0])
