# expect: SYN101=1
# why: a script imports a sibling module (no package); to_numpy() copies each batch to the host
import numpy as np
import torch

from utils import to_numpy


@torch.no_grad()
def collect(model, loader):
    outs = []
    for x in loader:
        outs.append(to_numpy(model(x.cuda())))
    return np.concatenate(outs)
