# expect: none
# targets: SYN102
# why: botorch's acquisition functions are built per BO iteration around a model already on the device and never moved: a flag they register as a buffer without a device (`torch.tensor(transformed_weighting)`) stays on the host, so testing it in `forward` reads nothing from a device (eighth draw F3, botorch proximal.py:127)
import torch
from botorch.acquisition import AcquisitionFunction
from torch import Tensor


class ProximalWeighted(AcquisitionFunction):
    def __init__(self, acq_function: AcquisitionFunction, weights: Tensor, transformed: bool = True):
        super().__init__(model=acq_function.model)
        self.acq_func = acq_function
        self.register_buffer("proximal_weights", weights)
        self.register_buffer("transformed_weighting", torch.tensor(transformed))
        self.register_buffer("eta", torch.full((3,), 1e-3))

    def forward(self, X: Tensor) -> Tensor:
        if self.transformed_weighting:
            X = X * 2
        return self.acq_func(X) * (X / self.eta).sum(-1)
