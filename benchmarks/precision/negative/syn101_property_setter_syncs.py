# expect: none
# targets: SYN101
# why: the setter reads its value on the host, but the loop only reads the property, whose getter returns a Python float: no sync per iteration
import torch


class ScaleKeeper:
    def __init__(self, scale: float = 1.0) -> None:
        self._scale = scale

    @property
    def scale(self) -> float:
        return self._scale

    @scale.setter
    def scale(self, value: torch.Tensor) -> None:
        self._scale = float(value.max())

    def apply(self, grads: list[torch.Tensor]) -> list[torch.Tensor]:
        out = []
        for g in grads:
            out.append(g * self.scale)
        return out
