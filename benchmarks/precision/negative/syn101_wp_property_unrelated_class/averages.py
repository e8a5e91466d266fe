import torch


class DeviceEMA:
    def __init__(self, device: torch.device) -> None:
        self._decay = torch.full((), 0.999, device=device)

    @property
    def decay(self) -> float:
        return self._decay.item()


class HostEMA:
    def __init__(self, decay: float) -> None:
        self.decay = decay
        self.value = 0.0

    def update(self, x: float) -> None:
        self.value = self.decay * self.value + (1 - self.decay) * x
