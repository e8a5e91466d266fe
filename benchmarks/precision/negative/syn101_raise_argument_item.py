# expect: none
# targets: SYN101
# why: the host read is a raise argument: evaluated at most once, when the run is failing
import torch


def accumulate(losses: list[torch.Tensor], max_steps: int) -> torch.Tensor:
    total = torch.zeros((), device="cuda")
    for i, loss in enumerate(losses):
        if i >= max_steps:
            raise RuntimeError(f"too many losses ({i}); last one was {loss.item():.4f}")
        total += loss.detach()
    return total
