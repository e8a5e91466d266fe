# expect: SYN106=1
# why: print(out.max().item()) in a forward hook: a sync on every forward of every hooked layer
import torch
from torch import nn


def print_peak(module: nn.Module, inputs, output: torch.Tensor) -> None:
    print(type(module).__name__, output.abs().max().item())


def attach(model: nn.Module) -> list:
    return [m.register_forward_hook(print_peak) for m in model.modules()]
