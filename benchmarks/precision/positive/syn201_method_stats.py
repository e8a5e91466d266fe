# expect: SYN201=1
# why: a telemetry hook that concatenates every weight for two reductions
import torch


class WeightMonitor:
    def __init__(self, weights: list[torch.Tensor]) -> None:
        self.weights = weights
        self.stats: dict[str, torch.Tensor] = {}

    @torch.no_grad()
    def update(self) -> None:
        flat = torch.cat([w.view(-1) for w in self.weights])
        self.stats = {"min": flat.min(), "max": flat.max()}
