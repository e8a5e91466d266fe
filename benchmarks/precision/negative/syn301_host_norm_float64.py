# expect: none
# targets: SYN301, SYN101
# why: norms transferred once as float64, squared and summed on the host
import torch


def norm_report(grads: list[torch.Tensor]) -> float:
    norms = torch.stack([torch.linalg.vector_norm(g) for g in grads]).double().cpu()
    return float((norms ** 2).sum().sqrt())
