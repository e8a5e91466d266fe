# expect: none
# targets: SYN108, SYN102, SYN101
# why: `key in td` tests the keys of a TensorDict; its batch size and length are host values
import torch
from tensordict import TensorDict


def fill_missing(batches: list[TensorDict], keys: list[str], device: torch.device) -> list[TensorDict]:
    out = []
    for td in batches:
        for key in keys:
            if key not in td:
                td.set(key, torch.zeros(td.batch_size, device=device))
        if "mask" in td.keys():
            td = td.exclude("mask")
        if td.batch_size[0] > 1 and len(td) > 1:
            out.append(td)
    return out
