# expect: SYN101=1
# why: mmengine's evaluator calls a BaseMetric's process once per evaluation batch; the .tolist() of the batch's stacked scores is one sync per batch
from typing import Sequence

import torch
from mmengine.evaluator import BaseMetric


class TopOneAccuracy(BaseMetric):
    def process(self, data_batch: dict, data_samples: Sequence[dict]) -> None:
        scores = torch.stack([sample["pred_score"] for sample in data_samples])
        labels = [int(sample["gt_label"]) for sample in data_samples]
        self.results.append((scores.argmax(dim=1).tolist(), labels))

    def compute_metrics(self, results: list) -> dict:
        hits = sum(p == t for preds, targets in results for p, t in zip(preds, targets))
        return {"accuracy": hits / max(1, sum(len(t) for _, t in results))}
