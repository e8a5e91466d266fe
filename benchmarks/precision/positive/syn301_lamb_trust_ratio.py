# expect: SYN301=2
# why: LAMB-style trust ratio with two float32 squared-sum norms per parameter
import torch


@torch.no_grad()
def trust_ratios(params: list[torch.Tensor], updates: list[torch.Tensor]) -> list[torch.Tensor]:
    ratios = []
    for p, update in zip(params, updates):
        w_norm = p.pow(2).sum().sqrt()
        u_norm = update.pow(2).sum().sqrt()
        ratios.append(torch.where(w_norm > 0, w_norm / (u_norm + 1e-6), torch.ones_like(w_norm)))
    return ratios
