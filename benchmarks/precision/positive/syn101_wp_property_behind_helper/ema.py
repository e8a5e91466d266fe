import torch


class EMA:
    def __init__(self, decay: float, device: torch.device) -> None:
        self.decay = decay
        self.value = torch.zeros((), device=device)

    def update(self, x: torch.Tensor) -> None:
        self.value.mul_(self.decay).add_(x.detach(), alpha=1 - self.decay)

    @property
    def current(self) -> float:
        return self.value.item()
