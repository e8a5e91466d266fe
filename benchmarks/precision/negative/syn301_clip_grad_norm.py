# expect: none
# targets: SYN301
# why: the library clip_grad_norm_ computes the norm for us
import torch


def clip_and_step(model, optimizer, max_norm: float) -> torch.Tensor:
    grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm, foreach=True)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return grad_norm
