# expect: none
# targets: SYN101
# why: get() with host defaults on dicts of Python values: no tensor is read
import torch


def schedule(configs: list[dict[str, float]], base_lr: float) -> list[float]:
    lrs = []
    for cfg in configs:
        warmup = int(cfg.get("warmup_steps", 0))
        scale = float(cfg.get("lr_scale", 1.0))
        lrs.append(base_lr * scale / max(1, warmup))
    return lrs
