# expect: SYN102=1
# why: a subscript of a dict[str, Tensor] parameter is a tensor: testing it syncs per head
import torch


def prune_heads(masks: dict[str, torch.Tensor], heads: list[str]) -> list[str]:
    kept = []
    for head in heads:
        if masks[head].any():
            kept.append(head)
    return kept
