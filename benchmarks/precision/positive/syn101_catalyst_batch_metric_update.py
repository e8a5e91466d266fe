# expect: SYN101=2
# why: a user's catalyst batch metric and loader metric: catalyst's metric callbacks call update from on_batch_end with the batch's outputs and targets, so the int() of a device sum and the .cpu() copy are one sync per batch each
import torch
from catalyst import metrics


class TopOneHits(metrics.ICallbackBatchMetric):
    def __init__(self) -> None:
        super().__init__(compute_on_call=False)
        self.hits = 0
        self.seen = 0

    def reset(self) -> None:
        self.hits = 0
        self.seen = 0

    def update(self, logits: torch.Tensor, targets: torch.Tensor) -> int:
        hits = int((logits.argmax(dim=1) == targets).sum())
        self.hits += hits
        self.seen += len(targets)
        return hits

    def update_key_value(self, logits: torch.Tensor, targets: torch.Tensor) -> dict:
        return {"top1_hits": self.update(logits, targets)}

    def compute(self) -> float:
        return self.hits / max(self.seen, 1)

    def compute_key_value(self) -> dict:
        return {"top1": self.compute()}


class ScoreStore(metrics.ICallbackLoaderMetric):
    def reset(self, num_batches: int, num_samples: int) -> None:
        self.scores: list = []

    def update(self, scores: torch.Tensor, targets: torch.Tensor) -> None:
        self.scores.append(scores.detach().cpu())
