# expect: none
# targets: SYN104
# why: indexing with torch.arange / long tensors in a sliding window
import torch


def windows(seq: torch.Tensor, width: int, stride: int) -> list[torch.Tensor]:
    out = []
    for start in range(0, seq.shape[0] - width + 1, stride):
        pos = torch.arange(start, start + width, device=seq.device)
        out.append(seq[pos])
    return out
