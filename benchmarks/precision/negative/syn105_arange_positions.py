# expect: none
# targets: SYN105
# why: position ids and causal masks built on the device each step
import torch


def decode_masks(max_len: int, device: torch.device) -> list[torch.Tensor]:
    masks = []
    for length in range(1, max_len + 1):
        pos = torch.arange(length, device=device)
        masks.append(torch.tril(torch.ones(length, length, device=device, dtype=torch.bool)) & (pos >= 0))
    return masks
