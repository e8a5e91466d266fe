# expect: none
# targets: SYN101, SYN102
# why: `torch.LongTensor([...])` called (not annotated) builds a CPU tensor from host data; reading it in a loop copies nothing from a device
import torch


def bucket_boundaries(lengths: list[int], buckets: int) -> list[int]:
    sorted_lengths = torch.LongTensor(sorted(lengths))
    step = max(1, len(lengths) // buckets)
    bounds = []
    for i in range(step, len(lengths), step):
        if sorted_lengths[i] > sorted_lengths[i - 1]:
            bounds.append(sorted_lengths[i].item())
    return bounds
