import torch


def depth(node) -> int:
    if isinstance(node, dict):
        return 1 + max((depth(child) for child in node.values()), default=0)
    return 0


def is_even(n: int) -> bool:
    return n == 0 or is_odd(n - 1)


def is_odd(n: int) -> bool:
    return n != 0 and is_even(n - 1)


def leaf_value(t):
    return float(t.detach().sum().cpu().item())
