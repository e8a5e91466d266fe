# expect: none
# targets: SYN101
# why: the same read helpers called with NumPy arrays and CPU tensors: no device is read
import torch


def to_ids(t):
    return t.tolist()


def to_host(t, non_blocking=False):
    return t.to("cpu")
