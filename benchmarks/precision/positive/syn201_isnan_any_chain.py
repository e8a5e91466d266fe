# expect: SYN201=1
# why: cat of views then isnan().any(): a full copy for one boolean
import torch


def grads_have_nan(grads: list[torch.Tensor]) -> torch.Tensor:
    return torch.cat([g.view(-1) for g in grads]).isnan().any()
