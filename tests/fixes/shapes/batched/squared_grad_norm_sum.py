# expect-fix: safe
"""The sum of squared gradient norms, skipping frozen parameters (a generator with an
`if` clause passed to `sum`)."""
from __future__ import annotations

import torch


def naive(params: list[torch.Tensor]) -> float:
    return sum(p.grad.norm().item() ** 2 for p in params if p.grad is not None)


def _params(grads: list[torch.Tensor | None]) -> list[torch.Tensor]:
    params = []
    for grad in grads:
        p = torch.zeros(2, requires_grad=True) if grad is None else torch.zeros_like(grad)
        p.grad = grad
        params.append(p)
    return params


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(52)
    return [
        (_params([torch.randn(3), None, torch.randn(2, 2)]),),
        (_params([torch.tensor([float("nan")]), torch.tensor([float("inf")])]),),
        ([],),
        (_params([None]),),
        (_params([torch.randn(4).half()]),),
    ]
