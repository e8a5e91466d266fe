def current_lr(optimizer) -> float:
    return optimizer.param_groups[0]["lr"]
