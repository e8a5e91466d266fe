"""Run the naive telemetry and synclint's reference versions side by side.

Usage: python examples/demo.py. Builds a small MLP, injects a few NaN/Inf values,
and prints host syncs, peak temporary memory and results of both versions, measured
with synclint's runtime harness (emulated on a machine without a GPU).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))

import naive_telemetry as naive  # noqa: E402

from synclint import telemetry  # noqa: E402
from synclint.runtime import count_syncs, track_memory  # noqa: E402


def build_model() -> nn.Module:
    torch.manual_seed(0)
    layers: list[nn.Module] = []
    for _ in range(12):
        layers += [nn.Linear(256, 256), nn.LayerNorm(256), nn.ReLU()]
    model = nn.Sequential(*layers, nn.Linear(256, 10))
    model(torch.randn(32, 256)).logsumexp(dim=1).mean().backward()
    return model


def inject_faults(model: nn.Module) -> None:
    """A NaN weight, an Inf gradient, a NaN gradient and a layer without gradients."""
    params = dict(model.named_parameters())
    with torch.no_grad():
        params["3.weight"][0, 0] = float("nan")
        params["6.bias"].grad[1] = float("inf")
        params["9.weight"].grad[2, 3] = float("nan")
    params["36.bias"].grad = None


def measure(fn: Callable[[], Any]) -> tuple[int, int, Any]:
    """(host syncs, peak temporary bytes, result) of one call."""
    with count_syncs() as syncs:
        result = fn()
    with track_memory() as mem:
        fn()
    return syncs.total, mem.peak_bytes, result


def short(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    if dataclass_fields := getattr(value, "__dataclass_fields__", None):
        value = {name: getattr(value, name) for name in dataclass_fields}
    if isinstance(value, dict):
        return ", ".join(f"{k}={short(v)}" for k, v in value.items())
    return str(value)


def kib(n: int) -> str:
    return f"{n / 1024:,.1f} KiB"


def main() -> None:
    model = build_model()
    inject_faults(model)
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    big = build_model()
    with torch.no_grad():
        torch._foreach_mul_([p.grad for p in big.parameters()], 1e20)

    n_params = len(list(model.parameters()))
    n_elems = sum(g.numel() for g in grads)
    print(f"model: {n_params} parameter tensors, {n_elems:,} gradient elements (float32)")
    print("faults: NaN in 3.weight, Inf in 6.bias.grad, NaN in 9.weight.grad, no grad for 36.bias\n")

    cases: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        (
            "check_numerical_stability",
            lambda: naive.check_numerical_stability(model),
            lambda: telemetry.check_numerical_stability(model),
        ),
        ("grad_norm", lambda: naive.grad_norm(model), lambda: telemetry.grad_norm(model.parameters())),
        (
            "grad_norm (grads x 1e20)",
            lambda: naive.grad_norm(big),
            lambda: telemetry.grad_norm(big.parameters()),
        ),
        ("gradient_stats", lambda: naive.gradient_stats(grads), lambda: telemetry.gradient_stats(grads)),
    ]
    rows = [(name, measure(slow), measure(fast)) for name, slow, fast in cases]

    header = f"{'function':<28}{'syncs naive':>12}{'syncs ref':>10}{'peak naive':>14}{'peak ref':>12}"
    print(header)
    print("-" * len(header))
    for name, (s_naive, m_naive, _), (s_ref, m_ref, _) in rows:
        print(f"{name:<28}{s_naive:>12}{s_ref:>10}{kib(m_naive):>14}{kib(m_ref):>12}")
    print("\nresults")
    for name, (_, _, r_naive), (_, _, r_ref) in rows:
        print(f"  {name}\n    naive: {short(r_naive)}\n    ref:   {short(r_ref)}")


if __name__ == "__main__":
    main()
