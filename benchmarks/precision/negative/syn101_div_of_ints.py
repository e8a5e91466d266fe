# expect: none
# targets: SYN101, SYN110, SYN102
# why: torch.div of Python ints gives a CPU tensor: comparing it is no device sync
import torch


def block_layout(total_len: int, block: int) -> list[tuple[int, int]]:
    n_blocks = torch.div(total_len + block - 1, block, rounding_mode="floor")
    spans = []
    for i in range(total_len // block + 1):
        if i >= n_blocks:
            break
        start = i * block
        spans.append((start, min(total_len, start + block)))
    return spans
