# expect: SYN104=1
# why: valid_tokens() indexes with a boolean mask (data-dependent shape), once per batch
import torch

from pkg.select import valid_tokens


def token_losses(model, loader):
    out = []
    for x, lengths in loader:
        out.append(valid_tokens(model(x), lengths).mean())
    return out
