# expect: SYN109=1
# why: both branches make `lengths` a device tensor: each slice by lengths[b] syncs
import torch


def unpad(hidden: torch.Tensor, mask: torch.Tensor, causal: bool) -> list[torch.Tensor]:
    if causal:
        lengths = mask.sum(dim=1)
    else:
        lengths = mask.long().sum(dim=1)
    return [hidden[b, : lengths[b]] for b in range(hidden.shape[0])]
