# expect: none
# targets: SYN101
# why: `__call__` of a class that is not an nn.Module (an inference wrapper built and called once per image) has no per-step role; nothing calls it in a loop here
import torch


class DepthEstimation:
    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model

    def __call__(self, image: torch.Tensor) -> float:
        depth = self.model(image)
        return depth.max().item()
