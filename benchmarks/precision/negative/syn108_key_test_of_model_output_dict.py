# expect: none
# targets: SYN108
# why: `prop in model_results` then `model_results[prop]`: a key test of the model's output dict (a dict of tensors), not a tensor membership test
import torch
from torch import nn


class BatchwiseCalculator:
    def __init__(self, model: nn.Module, units: dict[str, float], device: str = "cuda"):
        self.model = model.eval()
        self.model.to(device=device)
        self.units = units

    def calculate(self, inputs: dict[str, torch.Tensor]) -> dict:
        model_results = self.model(inputs)
        results = {}
        for prop in list(self.units.keys()):
            if prop in model_results:
                results[prop] = model_results[prop].detach() * self.units[prop]
        return results
