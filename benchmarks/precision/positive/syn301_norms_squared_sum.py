# expect: SYN301=1
# why: gradient_collector's (norms ** 2).sum() on float32 per-layer norms
import torch


def collect_grad_stats(grads: list[torch.Tensor]) -> dict[str, torch.Tensor]:
    norms = torch.stack([g.norm(2) for g in grads])
    total = (norms ** 2).sum().sqrt()
    return {"per_layer_max": norms.max(), "total_norm": total}
