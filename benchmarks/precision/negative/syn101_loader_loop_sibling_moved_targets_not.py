# expect: none
# targets: SYN101
# why: the loop over a data loader moves the images to the device but never the targets, and never passes the targets to the model: they stay host data, so the per-image .item() of their ids does not sync
import time

import torch


def evaluate(model, data_loader, device, metric_logger, evaluator):
    for images, targets, *_ in metric_logger.log_every(data_loader, 100, "Test:"):
        images = list(img.to(device) for img in images)
        model_time = time.time()
        outputs = model(images)
        outputs = [{k: v.to("cpu") for k, v in t.items()} for t in outputs]
        res = {
            target["image_id"].item(): output
            for target, output in zip(targets, outputs)
        }
        evaluator.update(res, time.time() - model_time)


def count_labels(model, val_loader, device) -> dict[int, int]:
    counts: dict[int, int] = {}
    for inputs, labels in val_loader:
        logits = model(inputs.to(device))
        for label in labels:
            counts[label.item()] = counts.get(label.item(), 0) + 1
    return counts
