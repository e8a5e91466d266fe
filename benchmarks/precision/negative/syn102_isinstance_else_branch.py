# expect: none
# targets: SYN101, SYN102
# why: the else branch of isinstance(v, torch.Tensor) holds the values that are not tensors
import torch


def flatten_metrics(metrics: dict[str, torch.Tensor]) -> dict[str, float]:
    out: dict[str, float] = {}
    for key, value in metrics.items():
        if isinstance(value, torch.Tensor):
            continue
        else:
            out[key] = float(value)
            if value:
                out[key + "/nonzero"] = 1.0
    return out
