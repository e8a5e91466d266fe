# expect: SYN110=1
# why: torch.tensor() of device scalars reads each one on the host before copying back
import torch


def loss_vector(loss: torch.Tensor, aux_loss: torch.Tensor) -> torch.Tensor:
    total = loss + 0.1 * aux_loss
    return torch.tensor([loss, aux_loss, total])
