# expect: SYN101=1
# why: the helper's read runs when the metric is configured for masks ("segm" in iou_type), a setting: at a call per image in `update` it syncs once per image
from typing import Any

import torch
from torchmetrics import Metric

from masks import encode_item


class MaskAP(Metric):
    def __init__(self, iou_type: tuple[str, ...] = ("bbox",)) -> None:
        super().__init__()
        self.iou_type = iou_type
        self.detections: list[Any] = []

    def update(self, preds: list[dict[str, torch.Tensor]]) -> None:
        for item in preds:
            self.detections.append(encode_item(item, self.iou_type))

    def compute(self) -> dict:
        return {"n": len(self.detections)}
