# expect: none
# targets: SYN101
# why: the helper returns `(trainer, config)`; the loop unpacks the config dict, the tuple's other element, and its `update` is a dict's: no tensor is read
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module) -> None:
        self.model = model.cuda()

    def update(self, batch: torch.Tensor) -> float:
        return self.model(batch.cuda()).sum().item()


def load_model(path: str) -> tuple[Trainer, dict]:
    checkpoint = torch.load(path, weights_only=False)
    return Trainer(checkpoint["model"]), dict(checkpoint["config"])


def resume(path: str, steps: int) -> dict:
    _, config = load_model(path)
    for step in range(steps):
        config.update(step=step)
    return config
