# expect: none
# targets: SYN101
# why: the keyword-only guard is given a value that changes every batch (the last batch only), or hidden in `**options`; the other helper guards on its `**options`: none of these is a setting, so no call syncs on every batch
import torch

from stats import summarize, summarize_any


def run(model: torch.nn.Module, loader, options: dict) -> list:
    results = []
    count = len(loader)
    for index, batch in enumerate(loader):
        losses = [model(x.cuda()).mean() for x in batch]
        results.append(summarize(losses, with_max=index == count - 1))
        results.append(summarize(losses, **options))
        results.append(summarize_any(losses, with_max=True))
    return results
