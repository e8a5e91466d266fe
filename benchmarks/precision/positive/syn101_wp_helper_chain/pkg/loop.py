# expect: SYN101=1
# why: describe() calls read(), which calls .item(): two calls deep, once per batch
import torch

from pkg.utils import describe


def activations_report(model, loader):
    report = []
    for batch in loader:
        acts = model(batch)
        report.append(describe(acts))
    return report
