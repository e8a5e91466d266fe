# expect: SYN202=1
# why: metric scalars from several devices moved one at a time, then averaged
import torch


class MetricAggregator:
    def __init__(self, device: torch.device) -> None:
        self.device = device

    def mean(self, values: dict[str, torch.Tensor]) -> torch.Tensor:
        vals = [v.to(self.device) for v in values.values()]
        return torch.stack(vals).mean()
