# expect: SYN101=1
# why: the file sets torch's default device to CUDA: torch.arange without device= makes a GPU tensor
import torch

torch.set_default_device("cuda")


def cumulative_lengths(lengths: list[int]) -> list[int]:
    offsets = torch.cumsum(torch.tensor(lengths), dim=0)
    starts = []
    for i in range(len(lengths)):
        starts.append(offsets[i].item())
    return starts
