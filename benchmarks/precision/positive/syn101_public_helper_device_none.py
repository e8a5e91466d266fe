# expect: SYN101=1, SYN109=1
# why: the look-alike: a public helper with `device=None` is called by the package's users with their inputs' device (`device=x.device`, lightly's random_block_mask_image): its reads may be GPU reads even though no call in the project passes one
import torch


def block_mask(size: int, num_blocks: int, device=None) -> list[int]:
    mask = torch.zeros(size, size, dtype=torch.bool, device=device)
    starts = []
    for _ in range(num_blocks):
        start = torch.randint(0, size, (1,), device=device)
        mask[start:] = True
        starts.append(int(start))
    return starts
