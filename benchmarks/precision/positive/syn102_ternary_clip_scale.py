# expect: SYN102=1
# why: a ternary whose test is a device tensor comparison
import torch


def clip_coefficient(grads: list[torch.Tensor], max_norm: float) -> torch.Tensor:
    total = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g) for g in grads]))
    scale = 1.0 if total < max_norm else max_norm / (total + 1e-6)
    return torch.as_tensor(scale, device=total.device)
