# expect: none
# targets: SYN101
# why: `self.to_scalar` and `self.from_config` name a static method and a class method without calling them: reading the attribute runs neither
import torch


class MetricLogger:
    def __init__(self) -> None:
        self.converters = []

    @staticmethod
    def to_scalar(t: torch.Tensor) -> float:
        return t.item()

    @classmethod
    def from_config(cls, config: dict) -> "MetricLogger":
        return cls()

    def register(self, names: list[str]) -> None:
        for _ in names:
            self.converters.append(self.to_scalar)
            factory = self.from_config
            del factory
