# expect: SYN104=1
# why: torch.masked_select in the sequence loop of a token-level loss
import torch


def token_logps(logps: list[torch.Tensor], masks: list[torch.Tensor]) -> list[torch.Tensor]:
    selected = []
    for logp, valid in zip(logps, masks):
        selected.append(torch.masked_select(logp, valid.bool()))
    return selected
