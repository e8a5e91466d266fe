# expect: none
# targets: SYN102, SYN101
# why: torch.cat / torch.stack of a tuple of CPU tensors is a CPU tensor
import torch


def boundaries(num_steps: int, sigma_min: float, sigma_max: float) -> list[int]:
    ramp = torch.linspace(0, 1, num_steps)
    sigmas = torch.cat((torch.tensor([sigma_max]), sigma_min + ramp * (sigma_max - sigma_min)))
    pairs = torch.stack((sigmas[:-1], sigmas[1:]), dim=-1)
    kept = []
    for i in range(len(pairs)):
        if pairs[i, 0] > pairs[i, 1]:
            kept.append(i)
    return kept
