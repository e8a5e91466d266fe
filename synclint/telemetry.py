"""Sync-free reference telemetry: the fixed versions of the seed functions.

Each function costs exactly one device-to-host transfer, whatever the number of
parameters, and never builds a temporary of the size of all tensors together.
This module imports torch; nothing else in synclint's linter imports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import torch
from torch import Tensor, nn

__all__ = [
    "GradientStats",
    "NumericalStabilityReport",
    "check_numerical_stability",
    "grad_norm",
    "gradient_stats",
]

# Temporary memory is bounded by working on pieces of at most CHUNK_ELEMENTS elements:
# larger tensors are reduced through views of that size, so even the float64 copy
# that a CPU norm makes internally stays small. Small tensors are packed together up
# to the largest tensor's size (at least PACK_FLOOR_ELEMENTS), so thousands of tiny
# tensors do not cost thousands of kernel launches each, while the packing buffer
# never exceeds the largest tensor (or the floor, a few tens of kilobytes).
CHUNK_ELEMENTS = 1 << 20
PACK_FLOOR_ELEMENTS = 1 << 12


@dataclass(frozen=True)
class NumericalStabilityReport:
    """Names of the parameters whose weights or gradients hold NaN or Inf."""

    nan_weights: list[str]
    inf_weights: list[str]
    nan_grads: list[str]
    inf_grads: list[str]

    @property
    def has_issues(self) -> bool:
        return bool(self.nan_weights or self.inf_weights or self.nan_grads or self.inf_grads)


@dataclass(frozen=True)
class GradientStats:
    """Summary of a list of gradients.

    ``norm`` is the L2 norm accumulated in float64. ``min`` and ``max`` propagate NaN
    (as ``torch.cat(grads).min()`` does) and are ``None`` when there is no element;
    ``zero_fraction`` is 0.0 then.
    """

    nan_count: int
    inf_count: int
    zero_fraction: float
    norm: float
    min: float | None
    max: float | None
    numel: int


def _combine_device(tensors: Iterable[Tensor]) -> torch.device:
    """Pick the device where per-device partial results are combined.

    An accelerator is preferred over the CPU: moving the CPU's small partial result to
    the accelerator does not stall it, while gathering on the CPU would cost one
    transfer per accelerator before the final one.
    """
    devices = [t.device for t in tensors]
    for device in devices:
        if device.type != "cpu":
            return device
    return devices[0]


def _by_device(tensors: Iterable[Tensor]) -> dict[torch.device, list[Tensor]]:
    groups: dict[torch.device, list[Tensor]] = {}
    for t in tensors:
        groups.setdefault(t.device, []).append(t)
    return groups


def _by_dtype(tensors: Iterable[Tensor]) -> dict[torch.dtype, list[Tensor]]:
    groups: dict[torch.dtype, list[Tensor]] = {}
    for t in tensors:
        groups.setdefault(t.dtype, []).append(t)
    return groups


def _gather(per_device: Sequence[Tensor]) -> Tensor:
    """Stack small per-device results on one device, moving one tensor per device."""
    target = _combine_device(per_device)
    return torch.stack([_move(t, target) for t in per_device])


def _move(t: Tensor, device: torch.device) -> Tensor:
    # Only tensors from other devices move: the single host read stays the final one.
    return t if t.device == device else t.to(device)


def check_numerical_stability(model: nn.Module) -> NumericalStabilityReport:
    """Report which parameters hold NaN or Inf in their weights or gradients.

    All checks are computed as 0-d device tensors, stacked per device and read back
    with a single ``.tolist()``: one host transfer for any number of parameters.
    Parameters whose ``grad`` is None are skipped for the gradient checks.
    """
    named = list(model.named_parameters())
    # Each entry: (parameter name, which list it feeds, 0-d bool check tensor).
    checks: list[tuple[str, int, Tensor]] = []
    with torch.no_grad():
        for name, param in named:
            checks.append((name, 0, torch.isnan(param).any()))
            checks.append((name, 1, torch.isinf(param).any()))
            grad = param.grad
            if grad is not None:
                checks.append((name, 2, torch.isnan(grad).any()))
                checks.append((name, 3, torch.isinf(grad).any()))
        flags = _flags_to_host([c[2] for c in checks])
    found: tuple[list[str], list[str], list[str], list[str]] = ([], [], [], [])
    for (name, kind, _), flag in zip(checks, flags):
        if flag:
            found[kind].append(name)
    return NumericalStabilityReport(*found)


def _flags_to_host(flags: list[Tensor]) -> list[bool]:
    """Move 0-d bool tensors to the host in one transfer, keeping their order."""
    if not flags:
        return []
    positions: dict[torch.device, list[int]] = {}
    for i, flag in enumerate(flags):
        positions.setdefault(flag.device, []).append(i)
    # One stacked vector per device, then one combined vector: never flag by flag.
    stacked = [torch.stack([flags[i] for i in idx]) for idx in positions.values()]
    target = _combine_device(stacked)
    host: list[bool] = torch.cat([_move(s, target) for s in stacked]).tolist()
    result = [False] * len(flags)
    order = [i for idx in positions.values() for i in idx]
    for i, value in zip(order, host):
        result[i] = value
    return result


def _as_tensor_list(parameters: Tensor | Iterable[Tensor]) -> list[Tensor]:
    if isinstance(parameters, Tensor):
        return [parameters]
    return list(parameters)


def _per_tensor_norms(tensors: list[Tensor], ord: float) -> list[Tensor]:
    """Float64 norms of each tensor, without a float64 copy of them all.

    ``torch._foreach_norm(..., dtype=torch.float64)`` accumulates in float64 inside the
    fused CUDA kernel (no copy at all) and, on the CPU or for unusual orders, falls back
    to one ``vector_norm(..., dtype=float64)`` per tensor, whose float64 copy of that one
    tensor is freed before the next. Large tensors are passed as views of at most
    CHUNK_ELEMENTS elements, so that copy is bounded by the chunk too. Combining the
    pieces' norms with the same norm is exact for every order but 0 (see
    ``_combine_norms``).
    """
    norms: list[Tensor] = []
    for same_dtype in _by_dtype(_split_large(tensors)).values():
        try:
            norms.extend(torch._foreach_norm(same_dtype, ord, dtype=torch.float64))
        except (TypeError, RuntimeError, NotImplementedError):
            # Older torch without the dtype argument, or an order it rejects.
            norms.extend(
                torch.linalg.vector_norm(t, ord, dtype=torch.float64) for t in same_dtype
            )
    return norms


def _combine_norms(norms: Sequence[Tensor] | Tensor, ord: float) -> Tensor:
    stacked = norms if isinstance(norms, Tensor) else torch.stack(list(norms))
    if ord == 0:
        # The 0-"norm" counts non-zeros: counts add, they do not combine as a norm.
        return stacked.sum()
    norm: Tensor = torch.linalg.vector_norm(stacked, ord)
    return norm


def grad_norm(parameters: Tensor | Iterable[Tensor], norm_type: float = 2.0) -> float | None:
    """Total ``norm_type`` norm of the gradients, as ``clip_grad_norm_`` computes it.

    Accumulated in float64, so gradients of 1e20 and more give a finite, correct
    result where float32 squares overflow. One host transfer. Gradients that are
    None are skipped; None is returned when no parameter has a gradient.
    """
    ord = float(norm_type)
    grads = [p.grad for p in _as_tensor_list(parameters) if p.grad is not None]
    if not grads:
        return None
    # Empty gradients contribute nothing, and the inf-norm rejects them.
    grads = [g for g in grads if g.numel() > 0]
    if not grads:
        return 0.0
    with torch.no_grad():
        per_device = [
            _combine_norms(_per_tensor_norms(group, ord), ord)
            for group in _by_device(grads).values()
        ]
        total = _combine_norms(_gather(per_device), ord)
        return float(total.item())


def _split_large(tensors: Iterable[Tensor]) -> list[Tensor]:
    """Flat views of at most CHUNK_ELEMENTS elements for tensors larger than that."""
    pieces: list[Tensor] = []
    for t in tensors:
        if t.numel() > CHUNK_ELEMENTS:
            flat = t.reshape(-1)
            pieces.extend(flat[i : i + CHUNK_ELEMENTS] for i in range(0, flat.numel(), CHUNK_ELEMENTS))
        else:
            pieces.append(t)
    return pieces


def _buckets(tensors: list[Tensor]) -> Iterator[Tensor]:
    """Flat pieces covering ``tensors`` (same device and dtype) exactly once.

    Large tensors come out as views of at most CHUNK_ELEMENTS elements (no copy);
    small ones are concatenated into buckets no larger than the largest tensor (or
    PACK_FLOOR_ELEMENTS), so their reductions share kernel launches. A generator:
    only one packed bucket is alive at a time.
    """
    largest = max((t.numel() for t in tensors), default=0)
    cap = min(CHUNK_ELEMENTS, max(largest, PACK_FLOOR_ELEMENTS))
    group: list[Tensor] = []
    group_numel = 0
    for piece in _split_large(tensors):
        n = piece.numel()
        if n == 0:
            continue
        if group and group_numel + n > cap:
            yield torch.cat(group) if len(group) > 1 else group[0]
            group, group_numel = [], 0
        group.append(piece.reshape(-1))
        group_numel += n
    if group:
        yield torch.cat(group) if len(group) > 1 else group[0]


# Layout of the per-device result vector of gradient_stats.
_NAN, _INF, _ZERO, _NORM, _MIN, _MAX = range(6)


def _device_stats(tensors: list[Tensor]) -> Tensor:
    """Reduce one device's tensors to [nan, inf, zeros, norm, min, max] in float64."""
    nan: list[Tensor] = []
    inf: list[Tensor] = []
    zero: list[Tensor] = []
    low: list[Tensor] = []
    high: list[Tensor] = []
    for same_dtype in _by_dtype(tensors).values():
        for flat in _buckets(same_dtype):
            nan.append(torch.isnan(flat).sum())
            inf.append(torch.isinf(flat).sum())
            zero.append((flat == 0).sum())
            # Upcasting the 0-d results is exact for every floating dtype.
            low.append(flat.min().to(torch.float64))
            high.append(flat.max().to(torch.float64))
    # The norm reads the unpacked tensors: one fused float64 kernel per dtype on CUDA.
    norm = _combine_norms(_per_tensor_norms(tensors, 2.0), 2.0)
    counts = torch.stack([torch.stack(nan).sum(), torch.stack(inf).sum(), torch.stack(zero).sum()])
    # Counts up to 2**53 are exact in float64, so one vector carries everything.
    return torch.cat(
        [
            counts.to(torch.float64),
            torch.stack([norm, torch.stack(low).min(), torch.stack(high).max()]),
        ]
    )


def gradient_stats(grads: Iterable[Tensor]) -> GradientStats:
    """NaN/Inf counts, zero fraction, float64 L2 norm, min, max and numel of ``grads``.

    One host transfer, and no temporary of the size of all gradients together: each
    tensor (or a bucket of small ones) is reduced on its own, per device, and the
    partial results are combined exactly: counts add, min/max fold (NaN propagates,
    as in ``torch.cat(grads).min()``), norms combine in float64. With no element at
    all, ``min``/``max`` are None, the norm and the zero fraction are 0.0.
    """
    tensors = [g for g in grads if g.numel() > 0]
    numel = sum(g.numel() for g in tensors)
    if numel == 0:
        return GradientStats(0, 0, 0.0, 0.0, None, None, 0)
    with torch.no_grad():
        per_device = [_device_stats(group) for group in _by_device(tensors).values()]
        stacked = _gather(per_device)
        combined = torch.stack(
            [
                stacked[:, _NAN].sum(),
                stacked[:, _INF].sum(),
                stacked[:, _ZERO].sum(),
                torch.linalg.vector_norm(stacked[:, _NORM]),
                stacked[:, _MIN].min(),
                stacked[:, _MAX].max(),
            ]
        )
        values: list[float] = combined.tolist()
    return GradientStats(
        nan_count=int(values[_NAN]),
        inf_count=int(values[_INF]),
        zero_fraction=values[_ZERO] / numel,
        norm=values[_NORM],
        min=values[_MIN],
        max=values[_MAX],
        numel=numel,
    )
