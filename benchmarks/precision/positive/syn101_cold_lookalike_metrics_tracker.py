# expect: SYN101=1
# why: a user class's log_metrics called from the training loop is not a logger backend: the per-key reads run every step
import torch


class MetricsTracker:
    def __init__(self):
        self.totals: dict[str, float] = {}

    def log_metrics(self, metrics: dict[str, torch.Tensor]) -> None:
        for k, v in metrics.items():
            self.totals[k] = self.totals.get(k, 0.0) + v.item()
