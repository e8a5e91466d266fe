"""Differential harness: fix a naive shape with `synclint fix`, run both versions on the same
inputs, and compare results, host syncs and peak temporary memory.

A shape is a standalone module `tests/fixes/shapes/<pattern>/NAME.py` whose first line says
what the fixer must do with it (`# expect-fix: safe`, `# expect-fix: unsafe` or
`# expect-fix: none: <reason>`), optionally followed by `# max-syncs: N`. It defines
`naive(...)`, `inputs()` (a list of argument tuples: normal use, on which every fix must
compute what the naive version did), optionally `edge_inputs()` (on which a safe fix must
match too, and an unsafe one shows the difference its reason names: at least one must
differ) and `reference(...)`, an exact (float64) result by which a fixed value is judged
where it differs from a naive one that overflowed or rounded. An unsafe fix whose reason is
the result's dtype says `# may-differ: dtype` on its second line. A fix that reads a whole
tensor once before a loop (`t_list = t.tolist()`) says `# reads-ahead: <why>`: on an input
where the loop runs no iteration it still makes that read (the naive version none).

The comparison is exact in type: see `compare`.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import math
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import torch
from torch import nn

from synclint.fixer import FixResult, fix_source
from synclint.runtime import count_syncs, track_memory

SHAPES_DIR = Path(__file__).parent / "shapes"
PATTERNS = ("batched", "float64", "chunked", "merged", "where", "output_size", "hidden")
#: The rules whose fixes produce each pattern (the first ones must be fixed), and the
#: rules run by the fixer on a shape of that pattern.
PRIMARY_CODES = {"batched": ("SYN101", "SYN102"), "float64": ("SYN301",),
                 "chunked": ("SYN201",), "merged": ("SYN112",), "where": ("SYN102",),
                 "output_size": ("SYN111", "SYN104"), "hidden": ("SYN110",)}
FIX_CODES = {"batched": ("SYN101", "SYN102"), "float64": ("SYN301",),
             "chunked": ("SYN201", "SYN301"), "merged": ("SYN112",), "where": ("SYN102",),
             "output_size": ("SYN111", "SYN104"), "hidden": ("SYN110",)}
#: Patterns whose whole point is fewer syncs: the fixed version must sync strictly less.
FEWER_SYNCS = ("merged", "where", "output_size")
#: Patterns whose shapes make their device tensors inside (`torch.tensor(lengths,
#: device=x.device)`): emulated as a whole program, where such a tensor is a device tensor.
WHOLE_PROGRAM = ("output_size",)
REL_TOL = 1e-6
#: A different summation order rounds differently: by about one unit in the last place of
#: the result's dtype (float16 has 11 significant bits, bfloat16 8).
REL_TOL_BY_DTYPE = {torch.float16: 2e-3, torch.bfloat16: 1.6e-2}
ABS_TOL = 1e-12
#: Slack over 2x the largest input tensor for the chunked peak: 0-d partial results,
#: their stacks, the allocator's rounding.
MEMORY_SLACK_BYTES = 64 * 1024


@dataclass(frozen=True)
class Shape:
    path: Path
    pattern: str
    name: str
    #: "safe", "unsafe" or "none".
    expect: str
    reason: str = ""
    max_syncs: int | None = None
    #: `# may-differ: dtype`: an unsafe fix whose result's dtype is its reason (values must
    #: still match on every input).
    may_differ: frozenset[str] = frozenset()
    #: `# reads-ahead:`: the fix reads whole tensors before the loop, also where it runs
    #: no iteration (the syncs are still bounded by `max_syncs`, 1 by default).
    reads_ahead: bool = False

    @property
    def id(self) -> str:
        return f"{self.pattern}/{self.name}"


@dataclass(frozen=True)
class InputOutcome:
    index: int
    #: Differences that fail the shape.
    problems: tuple[str, ...]
    syncs_naive: int
    syncs_fixed: int
    peak_naive: int
    peak_fixed: int
    largest_input_bytes: int
    #: An input of `edge_inputs()`; for an unsafe fix its differences are expected.
    edge: bool = False
    differences: tuple[str, ...] = ()


@dataclass(frozen=True)
class ShapeOutcome:
    shape: Shape
    #: "safe" / "unsafe" when the fixer changed the shape, None when it left it alone.
    applied: str | None
    fixed_text: str
    problems: tuple[str, ...]
    inputs: tuple[InputOutcome, ...] = field(default_factory=tuple)

    @property
    def all_problems(self) -> list[str]:
        found = list(self.problems)
        for outcome in self.inputs:
            found.extend(f"input {outcome.index}: {p}" for p in outcome.problems)
        return found

    @property
    def verified(self) -> bool:
        return not self.all_problems


# --- shapes ----------------------------------------------------------------------------------

def shape_paths(patterns: Sequence[str] = PATTERNS) -> list[Path]:
    return [p for pattern in patterns for p in sorted((SHAPES_DIR / pattern).glob("*.py"))
            if not p.name.startswith("_")]


def load_shape(path: Path) -> Shape:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0] if lines else ""
    prefix = "# expect-fix:"
    if not header.startswith(prefix):
        raise ValueError(f"{path}: the first line must be `{prefix} safe|unsafe|none: <reason>`")
    expect, _, reason = header[len(prefix):].strip().partition(":")
    expect = expect.strip()
    if expect not in ("safe", "unsafe", "none") or (expect == "none") != bool(reason.strip()):
        raise ValueError(f"{path}: bad header {header!r}")
    max_syncs = None
    may_differ: frozenset[str] = frozenset()
    reads_ahead = False
    for line in lines[1:]:
        if not line.startswith("#"):
            break
        if line.startswith("# max-syncs:"):
            max_syncs = int(line.split(":", 1)[1])
        if line.startswith("# may-differ:"):
            may_differ = frozenset(w.strip() for w in line.split(":", 1)[1].split(","))
            if expect != "unsafe" or not may_differ <= {"dtype"}:
                raise ValueError(f"{path}: only an unsafe fix may differ, and only in dtype")
        if line.startswith("# reads-ahead:"):
            reads_ahead = True
    return Shape(path, path.parent.name, path.stem, expect, reason.strip(), max_syncs,
                 may_differ, reads_ahead)


# --- fixing ----------------------------------------------------------------------------------

def _fixed_codes(result: FixResult, codes: Sequence[str]) -> int:
    return sum(result.fixed.get(code, 0) for code in codes)


def _remaining(result: FixResult, codes: Sequence[str]) -> list[str]:
    return [f"{d.code} {d.location.row}:{d.location.column} {d.message}"
            for d in result.remaining if d.code in codes]


def fix_shape(shape: Shape) -> tuple[str | None, str, list[str]]:
    """(applicability applied or None, fixed text, problems with the header's expectation)."""
    text = shape.path.read_text(encoding="utf-8")
    primary = PRIMARY_CODES[shape.pattern]
    codes = FIX_CODES[shape.pattern]
    safe = fix_source(text, shape.path.name, codes, unsafe=False)
    unsafe = fix_source(text, shape.path.name, codes, unsafe=True)
    problems: list[str] = []
    for result in (safe, unsafe):
        if result.error is not None:
            problems.append(f"fixer error: {result.error.message}")
        problems.extend(f"discarded: {line}" for line in result.discarded)
    applied: str | None = None
    fixed_text = text
    if _fixed_codes(safe, primary):
        applied, fixed_text, final = "safe", safe.text, safe
    elif _fixed_codes(unsafe, primary):
        applied, fixed_text, final = "unsafe", unsafe.text, unsafe
    else:
        final = unsafe
    expected = None if shape.expect == "none" else shape.expect
    if applied != expected:
        problems.append(f"expected fix {shape.expect!r}, the fixer applied {applied or 'none'}")
    if applied is not None:
        problems.extend(f"still reported after fixing: {line}"
                        for line in _remaining(final, primary))
        again = fix_source(fixed_text, shape.path.name, codes, unsafe=True)
        if again.changed:
            problems.append("not idempotent: fixing the fixed text changes it again")
    return applied, fixed_text, problems


# --- running ---------------------------------------------------------------------------------

def _import(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tensors(value: Any) -> Iterator[torch.Tensor]:
    """Every tensor reachable from an argument: containers, modules' parameters and grads."""
    if isinstance(value, torch.Tensor):
        yield value
        if value.grad is not None:
            yield value.grad
    elif isinstance(value, nn.Module):
        for parameter in value.parameters():
            yield from _tensors(parameter)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _tensors(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _tensors(item)


def _largest_bytes(args: tuple[Any, ...]) -> int:
    return max((t.numel() * t.element_size() for t in _tensors(args)), default=0)


@dataclass(frozen=True)
class _Run:
    value: Any
    error: str | None
    syncs: int
    peak: int
    #: What the function printed, in order (a fix must not reorder side effects).
    output: str


def _run(function: Callable[..., Any], args: tuple[Any, ...],
         whole_program: bool = False) -> _Run:
    value: Any = None
    error: str | None = None
    printed = io.StringIO()
    with count_syncs("emulated", whole_program=whole_program) as syncs, track_memory("emulated") as memory, \
            contextlib.redirect_stdout(printed):
        try:
            value = function(*args)
        except Exception as exc:  # noqa: BLE001  # the naive version may raise: so must the fix
            error = type(exc).__name__
    return _Run(value, error, syncs.total, memory.peak_bytes, printed.getvalue())


def plain(value: Any) -> Any:
    """A float64 reference as Python values: tensors become their `.tolist()`."""
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().tolist()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    return value


def compare(naive: Any, fixed: Any, reference: Any = None, *, where: str = "result",
            ignore_dtype: bool = False) -> list[str]:
    """Differences between two results. Types must be identical (a float32 and a float64
    tensor, a tensor and a Python float, a tuple and a list, an int and a float, a bool and
    an int all differ), and so must tensors' dtypes, shapes and devices, dicts' keys in
    order, ints, bools, strings and None. Floats may differ by the rounding of another
    summation order (`rel_tol` of the tensor's dtype, 1e-6 for Python floats). Where they
    differ by more, the fixed value is accepted only when it equals an explicit float64
    `reference` at that place and the naive one does not (it overflowed or lost precision):
    never "any finite value" for an overflow."""
    if type(naive) is not type(fixed):
        return [f"{where}: type {_describe(naive)} != {_describe(fixed)}"]
    if isinstance(naive, torch.Tensor):
        attributes = ("shape", "device") if ignore_dtype else ("dtype", "shape", "device")
        problems = [f"{where}.{attr}: {getattr(naive, attr)} != {getattr(fixed, attr)}"
                    for attr in attributes if getattr(naive, attr) != getattr(fixed, attr)]
        if problems:
            return problems
        tol = REL_TOL_BY_DTYPE.get(naive.dtype, REL_TOL)
        return _compare_values(naive.detach().cpu().tolist(), fixed.detach().cpu().tolist(),
                               plain(reference), tol, where)
    if isinstance(naive, dict):
        if list(naive) != list(fixed):
            return [f"{where}: keys {list(naive)} != {list(fixed)}"]
        refs = reference if isinstance(reference, dict) else {}
        return [p for k in naive
                for p in compare(naive[k], fixed[k], refs.get(k), where=f"{where}[{k!r}]",
                                ignore_dtype=ignore_dtype)]
    if isinstance(naive, (list, tuple)):
        if len(naive) != len(fixed):
            return [f"{where}: length {len(naive)} != {len(fixed)}"]
        refs = _items_of(reference, len(naive))
        return [p for i, (a, b, r) in enumerate(zip(naive, fixed, refs, strict=True))
                for p in compare(a, b, r, where=f"{where}[{i}]", ignore_dtype=ignore_dtype)]
    if hasattr(naive, "__dataclass_fields__"):
        return [p for k in naive.__dataclass_fields__
                for p in compare(getattr(naive, k), getattr(fixed, k), None, where=f"{where}.{k}")]
    if isinstance(naive, float):
        return _compare_values(naive, fixed, plain(reference), REL_TOL, where)
    if naive != fixed:
        return [f"{where}: {naive!r} != {fixed!r}"]
    return []


def _describe(value: Any) -> str:
    if isinstance(value, torch.Tensor):
        return f"Tensor({value.dtype})"
    return type(value).__name__


def _items_of(reference: Any, length: int) -> list[Any]:
    if isinstance(reference, (list, tuple)) and len(reference) == length:
        return list(reference)
    return [None] * length


def _compare_values(naive: Any, fixed: Any, reference: Any, tol: float, where: str) -> list[str]:
    """Plain values of tensors (nested lists of numbers) or Python floats."""
    if isinstance(naive, list):
        if not isinstance(fixed, list) or len(naive) != len(fixed):
            return [f"{where}: {naive!r} != {fixed!r}"]
        refs = _items_of(reference, len(naive))
        return [p for i, (a, b, r) in enumerate(zip(naive, fixed, refs, strict=True))
                for p in _compare_values(a, b, r, tol, f"{where}[{i}]")]
    if type(naive) is not type(fixed):
        return [f"{where}: type {_describe(naive)} != {_describe(fixed)}"]
    if not isinstance(naive, float):
        return [] if naive == fixed else [f"{where}: {naive!r} != {fixed!r}"]
    if _close(naive, fixed, tol):
        return []
    if isinstance(reference, (int, float)) and not isinstance(reference, bool):
        exact = float(reference)
        if _close(exact, fixed, REL_TOL) and not _close(exact, naive, REL_TOL):
            return []  # the naive result overflowed or rounded; the fix computes the exact one
        return [f"{where}: naive {naive!r}, fixed {fixed!r}, float64 reference {exact!r}"]
    return [f"{where}: {naive!r} != {fixed!r} (no float64 reference to judge by)"]


def _close(a: float, b: float, tol: float = 1e-6) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=tol, abs_tol=ABS_TOL)


def run_shape(shape: Shape) -> ShapeOutcome:
    """Fix, check the expectation, and (for a fixed shape) run both versions on every input."""
    applied, fixed_text, problems = fix_shape(shape)
    if applied is None:
        return ShapeOutcome(shape, applied, fixed_text, tuple(problems))
    workdir = Path(tempfile.mkdtemp(prefix="synclint-differential-"))
    try:
        naive_path = workdir / f"naive_{shape.name}.py"
        fixed_path = workdir / f"fixed_{shape.name}.py"
        shutil.copyfile(shape.path, naive_path)
        fixed_path.write_text(fixed_text, encoding="utf-8")
        naive_module = _import(naive_path, f"_synclint_naive_{shape.pattern}_{shape.name}")
        fixed_module = _import(fixed_path, f"_synclint_fixed_{shape.pattern}_{shape.name}")
        normal = len(naive_module.inputs())
        edges = len(naive_module.edge_inputs()) if hasattr(naive_module, "edge_inputs") else 0
        outcomes = tuple(_run_input(shape, naive_module, fixed_module, i, normal)
                         for i in range(normal + edges))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if shape.expect == "unsafe" and edges and not any(o.differences for o in outcomes):
        problems.append("unsafe, yet no edge input shows a difference: the reason is not shown")
    return ShapeOutcome(shape, applied, fixed_text, tuple(problems), outcomes)


def _arguments(module: ModuleType, index: int, normal: int) -> tuple[Any, ...]:
    if index < normal:
        return tuple(module.inputs()[index])
    return tuple(module.edge_inputs()[index - normal])


def _run_input(shape: Shape, naive_module: ModuleType, fixed_module: ModuleType,
               index: int, normal: int) -> InputOutcome:
    """Run both versions on input `index` (of `inputs()`, then of `edge_inputs()`: a safe fix
    must match on every one; an unsafe one on `inputs()`, and the edge inputs show why it is
    unsafe)."""
    # Fresh inputs for each version (seeded: the same values), so that neither sees the
    # other's side effects (`.grad` fields, caches).
    naive_args = _arguments(naive_module, index, normal)
    fixed_args = _arguments(naive_module, index, normal)
    largest = _largest_bytes(naive_args)
    whole_program = shape.pattern in WHOLE_PROGRAM
    naive = _run(naive_module.naive, naive_args, whole_program)
    fixed = _run(fixed_module.naive, fixed_args, whole_program)
    problems: list[str] = []
    if naive.error is not None or fixed.error is not None:
        if naive.error != fixed.error:
            problems.append(f"naive raised {naive.error}, fixed raised {fixed.error}")
    else:
        reference = None
        if hasattr(naive_module, "reference"):
            reference = naive_module.reference(*_arguments(naive_module, index, normal))
        problems.extend(compare(naive.value, fixed.value, reference,
                                ignore_dtype="dtype" in shape.may_differ))
    if naive.output != fixed.output:
        problems.append(f"printed output differs: {naive.output[:200]!r} != "
                        f"{fixed.output[:200]!r}")
    # Side effects on the arguments (in-place updates, `.grad` fields) must be the same.
    problems.extend(compare(list(_tensors(naive_args)), list(_tensors(fixed_args)),
                            where="arguments after the call"))
    ahead = shape.reads_ahead and naive.syncs == 0 and naive.error is None
    if fixed.syncs > naive.syncs and not ahead:
        problems.append(f"the fixed version syncs more: {fixed.syncs} > {naive.syncs}")
    elif (shape.pattern in FEWER_SYNCS and naive.error is None and naive.syncs
          and fixed.syncs >= naive.syncs):
        problems.append(f"the fixed version syncs no less: {fixed.syncs} >= {naive.syncs}")
    if shape.pattern == "batched":
        limit = shape.max_syncs if shape.max_syncs is not None else 1
        if fixed.syncs > limit:
            problems.append(f"the fixed version syncs {fixed.syncs} times, more than {limit}")
    elif shape.max_syncs is not None and fixed.syncs > shape.max_syncs:
        problems.append(f"the fixed version syncs {fixed.syncs} times, more than "
                        f"{shape.max_syncs}")
    if shape.pattern == "chunked" and fixed.peak > 2 * largest + MEMORY_SLACK_BYTES:
        problems.append(f"fixed peak {fixed.peak} B exceeds 2 x the largest input tensor "
                        f"({largest} B) + {MEMORY_SLACK_BYTES} B")
    edge = index >= normal
    if edge and shape.expect == "unsafe":
        return InputOutcome(index, (), naive.syncs, fixed.syncs, naive.peak, fixed.peak,
                            largest, edge, tuple(problems))
    return InputOutcome(index, tuple(problems), naive.syncs, fixed.syncs, naive.peak,
                        fixed.peak, largest, edge)
