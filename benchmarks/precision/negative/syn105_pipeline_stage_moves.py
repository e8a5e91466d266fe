# expect: none
# targets: SYN105
# why: device-to-device hops between pipeline stages are not host-to-device copies
import torch
from torch import nn


class Pipeline(nn.Module):
    def __init__(self, stages: nn.ModuleList, devices: list[torch.device]) -> None:
        super().__init__()
        self.stages, self.devices = stages, devices

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = x
        for stage, device in zip(self.stages, self.devices):
            out = stage(out.to(device))
        return out
