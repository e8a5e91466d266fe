# expect: none
# targets: SYN101
# why: the same helpers given containers of CPU tensors and NumPy values: their element reads are host reads
import numpy as np
import torch

from helpers import first_value, loss_value


def summarize(batches):
    totals = []
    for batch in batches:
        out = {"loss": torch.tensor(batch).mean()}
        totals.append(loss_value(out))
        totals.append(first_value([np.float32(1.0)]))
        totals.append(first_value(torch.zeros(3)))
    return totals
