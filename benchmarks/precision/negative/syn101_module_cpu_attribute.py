# expect: none
# targets: SYN101, SYN102
# why: a plain tensor attribute (not a buffer) made on the CPU stays there when the module moves
import torch
from torch import nn


class Bucketizer(nn.Module):
    def __init__(self, num_buckets: int, max_distance: int) -> None:
        super().__init__()
        self.boundaries = torch.linspace(0, max_distance, num_buckets + 1)
        self.register_buffer("offsets", torch.arange(num_buckets))

    def describe(self) -> list[str]:
        names = []
        for i in range(len(self.boundaries) - 1):
            lo, hi = self.boundaries[i].item(), self.boundaries[i + 1].item()
            names.append(f"[{lo:.0f}, {hi:.0f})")
        return names

    def forward(self, distances: torch.Tensor) -> torch.Tensor:
        return torch.bucketize(distances, self.boundaries.to(distances.device)) + self.offsets[0]
