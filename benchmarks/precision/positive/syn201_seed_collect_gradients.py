# expect: SYN201=1
# why: seed B7-PT-03: one flat copy of every gradient, used only for counts and a zero ratio
import torch
from torch import nn


def collect_seed_gradients(seed_module: nn.Module) -> dict[str, torch.Tensor]:
    grads = [p.grad for p in seed_module.parameters() if p.grad is not None]
    all_grads_flat = torch.cat([g.view(-1) for g in grads])
    nan_count = torch.isnan(all_grads_flat).sum()
    inf_count = torch.isinf(all_grads_flat).sum()
    zero_ratio = (all_grads_flat == 0).float().mean()
    return {"nan_count": nan_count, "inf_count": inf_count, "zero_ratio": zero_ratio}
