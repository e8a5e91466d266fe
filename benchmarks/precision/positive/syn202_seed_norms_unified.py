# expect: SYN202=1
# why: seed B3-CR-05: per-norm .to(target_device) before the stack
import torch


def unified_grad_norm(norms: list[torch.Tensor]) -> torch.Tensor:
    target_device = norms[0].device
    norms_unified = [n.to(target_device) for n in norms]
    return torch.linalg.vector_norm(torch.stack(norms_unified))
