# expect: none
# targets: SYN108
# why: `"loss" not in outputs` tests a key of the model's output dict (transformers' Trainer), never tensor membership
import torch
from torch import nn


def compute_loss(model: nn.Module, inputs: dict[str, torch.Tensor]) -> torch.Tensor:
    outputs = model(**inputs)
    if isinstance(outputs, dict) and "loss" not in outputs:
        raise ValueError(f"The model did not return a loss: {','.join(outputs.keys())}")
    return outputs["loss"] if isinstance(outputs, dict) else outputs[0]
