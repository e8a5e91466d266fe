# expect: none
# targets: SYN101
# why: accumulate, update and process on classes no metric base makes per-batch code, and a BaseMetric's compute_metrics (once per evaluation): single host reads there are not per step
import torch
from mmengine.evaluator import BaseMetric


class GradientAccumulator:
    def __init__(self) -> None:
        self.steps = 0

    def accumulate(self, learn) -> None:
        self.steps += int(learn.loss.detach().cpu().numpy() > 0)


class RunningMean:
    def __init__(self) -> None:
        self.total = 0.0

    def update(self, values: torch.Tensor) -> None:
        self.total += values.mean().item()


class Pipeline:
    def process(self, data_batch: dict, data_samples: list) -> None:
        self.last = torch.stack([s["pred_score"] for s in data_samples]).tolist()


class MeanScore(BaseMetric):
    def process(self, data_batch: dict, data_samples: list) -> None:
        self.results.extend(s["pred_score"] for s in data_samples)

    def compute_metrics(self, results: list) -> dict:
        return {"mean": torch.stack(results).mean().item()}
