"""The sync case table: each call from DESIGN.md section 5, loops, batched forms, look-alikes."""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stdout
from dataclasses import dataclass

import numpy as np
import torch


class Env:
    """Tensors made before the region: device tensors for the emulator."""

    def __init__(self, device: str) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randn(16, generator=g).to(device)
        self.m = self.x > 0
        self.s = self.x.sum()
        self.i0 = torch.tensor(3).to(device)
        self.ints = torch.randint(0, 5, (16,), generator=g).to(device)
        self.reps = torch.full((16,), 2).to(device)
        self.grads = [torch.randn(4, 4, generator=g).to(device) for _ in range(3)]


@dataclass(frozen=True)
class Case:
    name: str
    body: Callable[[Env], object]
    count: int
    kinds: tuple[str, ...]  # kinds of the events, in order
    on_cuda: bool = True  # False where real CUDA raises instead (numpy of a CUDA tensor)


def _if_positive(e: Env) -> None:
    if e.s > 0:
        pass


def _loop_items(e: Env) -> list[float]:
    return [g.sum().item() for g in e.grads]


def _batched_items(e: Env) -> list[float]:
    return torch.stack([g.sum() for g in e.grads]).tolist()


def _loop_conditions(e: Env) -> list[int]:
    bad = []
    for i, g in enumerate(e.grads):
        if torch.isnan(g).any():
            bad.append(i)
    return bad


def _batched_conditions(e: Env) -> list[int]:
    flags = torch.stack([torch.isnan(g).any() for g in e.grads]).tolist()
    return [i for i, flag in enumerate(flags) if flag]


def _print(e: Env) -> None:
    with redirect_stdout(io.StringIO()):
        print(e.x)


def _masked_fill(e: Env) -> None:
    y = e.x.clone()
    y.masked_fill_(e.m, 0.0)


def _mask_assign_scalar(e: Env) -> None:
    y = e.x.clone()
    y[e.m] = 0.0


def _mask_assign_tensor(e: Env) -> None:
    y = e.x.clone()
    y[e.m] = e.x[e.m] * 2


def _copy_to_host(e: Env) -> None:
    h = torch.empty(16)
    h.copy_(e.x)


def _host_made_inside(e: Env) -> float:
    return torch.tensor([1.0, 2.0]).sum().item() + torch.zeros(3).sum().item()


def _shape_reads(e: Env) -> int:
    return e.x.shape[0] + e.x.numel() + len(e.x) + e.x.dim()


def _range_of_tensor(e: Env) -> list[int]:
    return list(range(e.i0))


def _cpu_then_reads(e: Env) -> float:
    c = e.x.cpu()
    return c.sum().item() + c[0].item() + len(c.tolist())


def _nested_loop_items(e: Env) -> float:
    total = 0.0
    for g in e.grads:
        for row in g[:2]:
            total += float(row.max())
    return total


CASES: list[Case] = [
    Case("item", lambda e: e.s.item(), 1, ("item",)),
    Case("bool", lambda e: bool(e.s > 0), 1, ("bool",)),
    Case("float", lambda e: float(e.s), 1, ("float",)),
    Case("int", lambda e: int(e.i0), 1, ("int",)),
    Case("if_tensor_condition", _if_positive, 1, ("bool",)),
    Case("zero_dim_tensor_index", lambda e: e.x[e.i0], 1, ("getitem",)),
    Case("range_of_tensor", _range_of_tensor, 1, ("index",)),
    Case("nonzero", lambda e: torch.nonzero(e.m), 1, ("nonzero",)),
    Case("nonzero_method", lambda e: e.m.nonzero(), 1, ("nonzero",)),
    Case("where_one_argument", lambda e: torch.where(e.m), 1, ("where",)),
    Case("boolean_mask_index", lambda e: e.x[e.m], 1, ("getitem",)),
    Case("masked_select", lambda e: torch.masked_select(e.x, e.m), 1, ("masked_select",)),
    Case("unique", lambda e: torch.unique(e.ints), 1, ("unique",)),
    Case("unique_counts", lambda e: e.ints.unique(return_counts=True), 1, ("unique",)),
    Case("repeat_interleave_tensor", lambda e: torch.repeat_interleave(e.x, e.reps), 1, ("repeat_interleave",)),
    Case("equal", lambda e: torch.equal(e.x, e.x), 1, ("equal",)),
    Case("allclose", lambda e: torch.allclose(e.x, e.x), 1, ("allclose",)),
    Case("bincount", lambda e: torch.bincount(e.ints), 1, ("bincount",)),
    Case("cuda_synchronize", lambda e: torch.cuda.synchronize(), 1, ("synchronize",)),
    Case("cpu", lambda e: e.x.cpu(), 1, ("cpu",)),
    Case("to_cpu", lambda e: e.x.to("cpu"), 1, ("to",)),
    Case("to_cpu_device_object", lambda e: e.x.to(torch.device("cpu")), 1, ("to",)),
    Case("tolist", lambda e: e.x.tolist(), 1, ("tolist",)),
    Case("numpy", lambda e: e.x.numpy(), 1, ("numpy",), on_cuda=False),
    Case("np_asarray", lambda e: np.asarray(e.x), 1, ("numpy",), on_cuda=False),
    Case("repr", lambda e: repr(e.x), 1, ("repr",)),
    Case("str", lambda e: str(e.x), 1, ("repr",)),
    Case("print", _print, 1, ("repr",)),
    Case("format_spec", lambda e: f"{e.s:.3f}", 1, ("format",)),
    Case("contains", lambda e: 0.5 in e.x, 1, ("contains",)),
    Case("copy_into_host_buffer", _copy_to_host, 1, ("copy",)),
    Case("cpu_then_host_reads", _cpu_then_reads, 1, ("cpu",)),
    Case("count_of_mask_item", lambda e: (e.x > 0).sum().item(), 1, ("item",)),
    Case("loop_of_items", _loop_items, 3, ("item",) * 3),
    Case("loop_of_conditions", _loop_conditions, 3, ("bool",) * 3),
    Case("comprehension_of_items", lambda e: [v.item() for v in e.x[:4]], 4, ("item",) * 4),
    Case("nested_loop_float", _nested_loop_items, 6, ("float",) * 6),
    Case("loop_of_masks", lambda e: [g[g > 0] for g in e.grads], 3, ("getitem",) * 3),
    Case("mask_assign_from_tensor", _mask_assign_tensor, 2, ("getitem", "setitem")),
    # The batched forms: one transfer for the whole loop.
    Case("batched_items", _batched_items, 1, ("tolist",)),
    Case("batched_conditions", _batched_conditions, 1, ("tolist",)),
    # Look-alikes that do not sync.
    Case("any", lambda e: e.x.isnan().any(), 0, ()),
    Case("all", lambda e: e.x.isfinite().all(), 0, ()),
    Case("masked_fill_", _masked_fill, 0, ()),
    Case("mask_assign_scalar", _mask_assign_scalar, 0, ()),
    Case("where_three_arguments", lambda e: torch.where(e.m, e.x, 0.0), 0, ()),
    Case("nonzero_static", lambda e: torch.nonzero_static(e.m, size=16), 0, ()),
    Case("count_nonzero", lambda e: torch.count_nonzero(e.m), 0, ()),
    Case("repeat_interleave_output_size", lambda e: torch.repeat_interleave(e.x, e.reps, output_size=32), 0, ()),
    Case("repeat_interleave_int", lambda e: torch.repeat_interleave(e.x, 2), 0, ()),
    Case("to_dtype", lambda e: e.x.to(torch.float64), 0, ()),
    Case("to_cpu_non_blocking", lambda e: e.x.to("cpu", non_blocking=True), 0, ()),
    # An empty tensor has nothing to copy: the copy returns before any transfer.
    Case("tolist_of_empty", lambda e: e.x[:0].tolist(), 0, ()),
    Case("cpu_of_empty", lambda e: e.x[:0].cpu(), 0, ()),
    Case("integer_tensor_index", lambda e: e.x[e.ints], 0, ()),
    Case("shape_reads", _shape_reads, 0, ()),
    Case("arithmetic", lambda e: (e.x * 2 + 1).sum(), 0, ()),
    Case("host_data_made_inside", _host_made_inside, 0, ()),
    Case("cat_then_reduce", lambda e: torch.cat([g.view(-1) for g in e.grads]).abs().max(), 0, ()),
    Case(
        "float64_foreach_norm",
        lambda e: torch.linalg.vector_norm(torch.stack(torch._foreach_norm(e.grads))),
        0,
        (),
    ),
]
