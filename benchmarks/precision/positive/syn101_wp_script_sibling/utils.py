import numpy as np


def to_numpy(t):
    return t.detach().cpu().numpy()
