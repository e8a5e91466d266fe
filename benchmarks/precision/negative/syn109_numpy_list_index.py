# expect: none
# targets: SYN109
# why: NumPy arrays indexed with lists stay on the host
import numpy as np
import torch


def pick_columns(tables: list[np.ndarray]) -> torch.Tensor:
    cols = [0, 2, 5]
    picked = []
    for table in tables:
        picked.append(table[:, cols])
    return torch.from_numpy(np.stack(picked))
