# expect: SYN101=1
# why: leaf_value() reads a tensor per output; the recursive helpers in tree.py must not hang the analysis
import torch

from pkg.tree import leaf_value


def summarise(outputs):
    totals = []
    for out in outputs:
        totals.append(leaf_value(out))
    return totals
