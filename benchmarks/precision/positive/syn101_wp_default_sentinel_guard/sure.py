from typing import Callable

import torch


def sure_loss(operator: Callable, x: torch.Tensor, y_pseudo_gt: torch.Tensor,
              eps: float = -1.0) -> torch.Tensor:
    noise = torch.randn_like(x)
    if eps == -1.0:
        eps = float(torch.abs(y_pseudo_gt.max())) / 1000
    y_ref = operator(x)
    y_perturbed = operator(x + eps * noise)
    divergence = torch.sum(noise * (y_perturbed - y_ref)) / eps
    return torch.mean((y_ref - y_pseudo_gt) ** 2) + 2.0 * divergence / x.numel()
