# expect: SYN101=1
# why: a dict of device tensors reduced and read one key at a time
import torch


def reduce_metrics(metrics: dict[str, torch.Tensor], step: int, writer) -> dict[str, float]:
    out = {}
    for key, value in metrics.items():
        out[key] = value.mean().item()
        writer.add_scalar(f"train/{key}", out[key], step)
    return out
