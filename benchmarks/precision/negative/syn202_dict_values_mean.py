# expect: none
# targets: SYN202
# why: scalars moved to one device before a mean, with no sign in the code of a second device (issue 22)
import torch


class MetricAggregator:
    def __init__(self, device: torch.device) -> None:
        self.device = device

    def mean(self, values: dict[str, torch.Tensor]) -> torch.Tensor:
        vals = [v.to(self.device) for v in values.values()]
        return torch.stack(vals).mean()
