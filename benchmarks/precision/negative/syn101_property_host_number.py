# expect: none
# targets: SYN101, SYN102
# why: the property computes a Python float on the host (counters and settings): reading it in the loop, even through `float()`, never syncs
import torch


class LinearWarmup:
    def __init__(self, optimizer: torch.optim.Optimizer, base_lr: float, warmup: int) -> None:
        self.optimizer = optimizer
        self.base_lr = base_lr
        self.warmup = warmup
        self.step_count = 0

    @property
    def lr(self) -> float:
        return self.base_lr * min(1.0, self.step_count / self.warmup)

    def run(self, model: torch.nn.Module, loader) -> list[float]:
        lrs = []
        for batch in loader:
            model(batch.cuda()).mean().backward()
            self.step_count += 1
            for group in self.optimizer.param_groups:
                group["lr"] = self.lr
            if self.lr > 0:
                self.optimizer.step()
            lrs.append(float(self.lr))
        return lrs
