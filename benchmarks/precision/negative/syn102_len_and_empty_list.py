# expect: none
# targets: SYN102
# why: len() of a tensor and truthiness of Python lists
import torch


def pad_batch(seqs: list[torch.Tensor], pad_id: int) -> torch.Tensor:
    if not seqs:
        raise ValueError("empty batch")
    longest = max(len(s) for s in seqs)
    out = torch.full((len(seqs), longest), pad_id, dtype=torch.long)
    for i, s in enumerate(seqs):
        if len(s):
            out[i, : len(s)] = s
    return out
