# expect: none
# targets: SYN201, SYN301
# why: the chunked fix: a stack of per-tensor norms (scalars), then a reduction
import torch


def grad_norm_stats(grads: list[torch.Tensor]) -> dict[str, torch.Tensor]:
    norms = torch.stack([torch.linalg.vector_norm(g, dtype=torch.float64) for g in grads])
    return {"max": norms.max(), "total": torch.linalg.vector_norm(norms)}
