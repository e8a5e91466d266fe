from typing import Any


def loss_value(out):
    return out["loss"].item()


def first_norm(norms):
    return norms[0].item()


def masks_of(item: dict[str, Any]):
    return item["masks"].cpu()
