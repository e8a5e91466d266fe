# expect: none
# targets: SYN101
# why: cpu_offload runs once when the model is set up; copying every weight to the CPU is what it is for (accelerate big_modeling)
import torch
from torch import nn


def cpu_offload(model: nn.Module, execution_device: torch.device | None = None,
                state_dict: dict[str, torch.Tensor] | None = None) -> nn.Module:
    if state_dict is None:
        state_dict = {n: p.to("cpu") for n, p in model.state_dict().items()}
    for name, module in model.named_modules():
        module._offload_weights = {k: v for k, v in state_dict.items() if k.startswith(name)}
    return model
