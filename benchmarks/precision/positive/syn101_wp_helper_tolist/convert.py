# expect: SYN101=2
# why: helpers that read their argument with .tolist() and .to("cpu"), called with device tensors per batch
import torch


def to_ids(t):
    return t.tolist()


def to_host(t, non_blocking=False):
    return t.to("cpu")
