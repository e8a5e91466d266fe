# expect: none
# targets: SYN101, SYN109
# why: a private helper's `device=None` that no call in the project passes is torch's default device, the CPU: its mask is a CPU tensor (fresh4 F5, fifth draw F5)
import torch


def _block_mask(size: int, num_blocks: int, device=None) -> list[int]:
    mask = torch.zeros(size, size, dtype=torch.bool, device=device)
    starts = []
    for _ in range(num_blocks):
        start = torch.randint(0, size, (1,), device=device)
        mask[start:] = True
        starts.append(int(start))
    return starts


def masks(size: int) -> list[int]:
    return _block_mask(size, 4)
