# expect: none
# targets: SYN201
# why: the flat copy is returned to the caller as well as summarised: not only reduced
import torch


def flat_grads_and_norm(grads: list[torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
    flat = torch.cat([g.reshape(-1) for g in grads])
    return flat, torch.linalg.vector_norm(flat, dtype=torch.float64)
