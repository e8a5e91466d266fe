from typing import Any

import numpy as np


def encode_item(item: dict[str, Any], iou_type: tuple[str, ...]) -> tuple:
    boxes = None
    masks = []
    if "bbox" in iou_type:
        boxes = item["boxes"]
    if "segm" in iou_type:
        for m in item["masks"].cpu().numpy():
            masks.append(np.asfortranarray(m).sum())
    return boxes, tuple(masks)
