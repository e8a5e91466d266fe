# expect: SYN101=1
# why: max |grad| over optimizer param groups, read per tensor
import torch


def max_grad_magnitude(optimizer: torch.optim.Optimizer) -> float:
    max_abs = 0.0
    for group in optimizer.param_groups:
        for p in group["params"]:
            if p.grad is not None:
                max_abs = max(max_abs, p.grad.abs().max().item())
    return max_abs
