import torch


class WarmupSchedule:
    """A learning-rate warmup kept on the device, so that stepping it never syncs."""

    def __init__(self, base_lr: float, warmup: int, device: torch.device) -> None:
        self._lr = torch.zeros((), device=device)
        self.base_lr = base_lr
        self.warmup = warmup

    @property
    def lr(self) -> float:
        return self._lr.item()

    def step(self, count: torch.Tensor) -> None:
        self._lr = self.base_lr * torch.clamp(count / self.warmup, max=1.0)
