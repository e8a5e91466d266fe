# expect: none
# targets: SYN101
# why: in a file that uses catalyst, an update method of a class that is no catalyst metric (a weight averager the script calls once, after training), and a loader metric's compute_key_value, which catalyst's LoaderMetricCallback calls once per loader (on_loader_end): neither read repeats per batch
import torch
from catalyst import dl, metrics


class WeightAverager:
    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model
        self.norm = 0.0

    def update(self, weights: torch.Tensor) -> None:
        self.norm = weights.norm().item()


class PerClassScore(metrics.ICallbackLoaderMetric):
    def reset(self, num_batches: int, num_samples: int) -> None:
        self.scores: list = []
        self.targets: list = []

    def update(self, scores: torch.Tensor, targets: torch.Tensor) -> None:
        self.scores.append(scores.detach())
        self.targets.append(targets.detach())

    def compute_key_value(self) -> dict:
        scores = torch.cat(self.scores)
        targets = torch.cat(self.targets)
        result = {}
        for label in range(scores.shape[1]):
            result[f"score/{label}"] = scores[targets == label, label].mean().item()
        return result


def finish(runner: dl.Runner, model: torch.nn.Module) -> float:
    averager = WeightAverager(model)
    averager.update(torch.cat([p.detach().flatten() for p in model.parameters()]))
    return averager.norm
