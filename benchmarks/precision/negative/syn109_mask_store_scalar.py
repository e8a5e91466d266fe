# expect: none
# targets: SYN109
# why: a host scalar stored through a mask becomes masked_fill_: no sync
import torch


def mask_logits(logits: torch.Tensor, allowed: torch.Tensor) -> torch.Tensor:
    logits[~allowed] = float("-inf")
    logits[torch.isnan(logits)] = 0.0
    return logits
