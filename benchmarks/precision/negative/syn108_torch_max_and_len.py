# expect: none
# targets: SYN108
# why: torch.max / Tensor.max reduce on the device; max() of lengths compares ints
import torch


def pad_batch(seqs: list[torch.Tensor]) -> torch.Tensor:
    longest = max(len(s) for s in seqs)
    peak = torch.max(torch.stack([s.abs().max() for s in seqs]))
    out = torch.zeros(len(seqs), longest)
    return out / peak
