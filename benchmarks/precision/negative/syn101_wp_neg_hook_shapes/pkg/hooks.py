# expect: none
# targets: SYN101, SYN106
# why: a forward hook that records shapes reads host metadata only
import torch
from torch import nn

SHAPES: list[tuple[int, ...]] = []


def record_shape(module: nn.Module, inputs, output: torch.Tensor) -> None:
    SHAPES.append(tuple(output.shape))
    print(type(module).__name__, output.shape, output.dtype)


def attach(model: nn.Module) -> None:
    for m in model.modules():
        m.register_forward_hook(record_shape)
