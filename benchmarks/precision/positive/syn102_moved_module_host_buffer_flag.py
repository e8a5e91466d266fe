# expect: SYN102=2
# why: a buffer moves with its module: in a plain `nn.Module` (moved with the model), and in a botorch acquisition function whose buffer is registered from a device tensor (the model's training targets), testing it in `forward` reads a device value (look-alike of the acquisition function's host flag)
import torch
from botorch.acquisition import AcquisitionFunction
from torch import Tensor, nn


class Weighted(nn.Module):
    def __init__(self, transformed: bool = True):
        super().__init__()
        self.register_buffer("transformed_weighting", torch.tensor(transformed))

    def forward(self, X: Tensor) -> Tensor:
        if self.transformed_weighting:
            X = X * 2
        return X


class BestImprovement(AcquisitionFunction):
    def __init__(self, model, train_Y: Tensor):
        super().__init__(model=model)
        self.register_buffer("best_f", train_Y.max())

    def forward(self, X: Tensor) -> Tensor:
        if self.best_f > 0:
            X = X * 2
        return X.sum(-1)
