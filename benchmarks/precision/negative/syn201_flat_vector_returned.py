# expect: none
# targets: SYN201
# why: the flat vector is the result (parameters_to_vector), used whole
import torch
from torch import nn


def flatten_params(model: nn.Module) -> torch.Tensor:
    return torch.cat([p.detach().view(-1) for p in model.parameters()])
