# expect: SYN108=1
# why: max(tensor, float) compares a device norm with a float: a hidden truth test
import torch


def clip_coefficient(grads: list[torch.Tensor], max_norm: float) -> torch.Tensor:
    total_norm = torch.linalg.vector_norm(torch.stack([g.norm() for g in grads]))
    return max_norm / max(total_norm, 1e-6)
