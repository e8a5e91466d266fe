# expect: SYN101=1
# why: torch.arange made on the CPU and then moved with .to(device) is a device tensor: reading it per step syncs
import torch


def shifted_positions(hidden: torch.Tensor, n: int) -> list[int]:
    positions = torch.arange(n).to(hidden.device)
    positions = positions + hidden.argmax(-1)[0]
    firsts = []
    for i in range(n):
        firsts.append(positions[i].item())
    return firsts
