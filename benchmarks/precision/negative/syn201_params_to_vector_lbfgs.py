# expect: none
# targets: SYN201
# why: flat parameter vectors used whole for a line search
import torch
from torch.nn.utils import parameters_to_vector, vector_to_parameters


def line_search_step(model, direction: torch.Tensor, step: float) -> torch.Tensor:
    flat = parameters_to_vector(model.parameters())
    new_flat = flat + step * direction
    vector_to_parameters(new_flat, model.parameters())
    return new_flat
