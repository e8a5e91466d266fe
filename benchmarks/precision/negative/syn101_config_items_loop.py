# expect: none
# targets: SYN101
# why: items(), item-named variables and host config values, no tensor read
import torch


def build_schedule(config: dict[str, float], optimizer: torch.optim.Optimizer) -> list[tuple[str, float]]:
    schedule = []
    for key, item in config.items():
        if key.startswith("lr_"):
            schedule.append((key, item))
    for group in optimizer.param_groups:
        group["initial_lr"] = group["lr"]
    return schedule
