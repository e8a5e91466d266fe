# expect: none
# targets: SYN301
# why: sums of squares of data for a running variance: statistics, not norms
import torch


class FeatureStats:
    def __init__(self, dim: int) -> None:
        self.n = 0
        self.total = torch.zeros(dim)
        self.total_sq = torch.zeros(())

    def update(self, features: torch.Tensor) -> None:
        self.n += features.shape[0]
        self.total += features.sum(dim=0)
        self.total_sq += (features * features).sum()

    def variance(self, features: torch.Tensor) -> torch.Tensor:
        centered = features - features.mean(dim=0)
        return centered.pow(2).sum() / (features.numel() - 1)
