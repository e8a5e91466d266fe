# expect: SYN101=1
# why: a gradient hook registered with register_hook runs per parameter per backward; .item() syncs
import torch

GRAD_NORMS: list[float] = []


def record_grad_norm(grad: torch.Tensor) -> None:
    GRAD_NORMS.append(grad.norm().item())
