# expect: SYN104=1
# why: detection scores filtered by a boolean mask per image
import torch


@torch.no_grad()
def filter_detections(detector, images: list[torch.Tensor], thresh: float = 0.5):
    kept = []
    for img in images:
        scores, boxes = detector(img[None])
        keep = scores > thresh
        kept.append(boxes[keep])
    return kept
