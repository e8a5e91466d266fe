"""Differential harness: fix a naive shape with `synclint fix`, run both versions on the same
inputs, and compare results, host syncs and peak temporary memory.

A shape is a standalone module `tests/fixes/shapes/<pattern>/NAME.py` whose first line says
what the fixer must do with it (`# expect-fix: safe`, `# expect-fix: unsafe` or
`# expect-fix: none: <reason>`), optionally followed by `# max-syncs: N`. It defines
`naive(...)`, `inputs()` (a list of argument tuples) and, optionally, `reference(...)`, a
float64 result that a fixed version must match where the naive float32 one overflowed.
"""

from __future__ import annotations

import importlib.util
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
PATTERNS = ("batched", "float64", "chunked", "merged", "where")
#: The rules whose fixes produce each pattern (the first ones must be fixed), and the
#: rules run by the fixer on a shape of that pattern.
PRIMARY_CODES = {"batched": ("SYN101", "SYN102"), "float64": ("SYN301",),
                 "chunked": ("SYN201",), "merged": ("SYN112",), "where": ("SYN102",)}
FIX_CODES = {"batched": ("SYN101", "SYN102"), "float64": ("SYN301",),
             "chunked": ("SYN201", "SYN301"), "merged": ("SYN112",), "where": ("SYN102",)}
#: Patterns whose whole point is fewer syncs: the fixed version must sync strictly less.
FEWER_SYNCS = ("merged", "where")
REL_TOL = 1e-6
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

    @property
    def id(self) -> str:
        return f"{self.pattern}/{self.name}"


@dataclass(frozen=True)
class InputOutcome:
    index: int
    problems: tuple[str, ...]
    syncs_naive: int
    syncs_fixed: int
    peak_naive: int
    peak_fixed: int
    largest_input_bytes: int


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
    for line in lines[1:]:
        if not line.startswith("#"):
            break
        if line.startswith("# max-syncs:"):
            max_syncs = int(line.split(":", 1)[1])
    return Shape(path, path.parent.name, path.stem, expect, reason.strip(), max_syncs)


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


def _finite(args: tuple[Any, ...]) -> bool:
    return all(bool(torch.isfinite(t).all()) for t in _tensors(args)
               if t.is_floating_point() or t.is_complex())


@dataclass(frozen=True)
class _Run:
    value: Any
    error: str | None
    syncs: int
    peak: int


def _run(function: Callable[..., Any], args: tuple[Any, ...]) -> _Run:
    value: Any = None
    error: str | None = None
    with count_syncs("emulated") as syncs, track_memory("emulated") as memory:
        try:
            value = function(*args)
        except Exception as exc:  # noqa: BLE001  # the naive version may raise: so must the fix
            error = type(exc).__name__
    return _Run(value, error, syncs.total, memory.peak_bytes)


def plain(value: Any) -> Any:
    """Results as Python values: tensors become their `.tolist()`, containers recurse."""
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().tolist()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return {k: plain(getattr(value, k)) for k in value.__dataclass_fields__}
    return value


def compare(naive: Any, fixed: Any, reference: Any = None, *, overflow_ok: bool = False,
            where: str = "result") -> list[str]:
    """Differences between two plain results: exact for bools, ints, strings and None, 1e-6
    relative for floats. With `overflow_ok`, a naive inf/NaN may be a finite fixed value
    (then equal to `reference`'s value at the same place, when there is a reference)."""
    if isinstance(naive, dict) and isinstance(fixed, dict):
        if naive.keys() != fixed.keys():
            return [f"{where}: keys {sorted(naive)} != {sorted(fixed)}"]
        ref = reference if isinstance(reference, dict) else {}
        return [p for k in naive for p in compare(naive[k], fixed[k], ref.get(k),
                                                  overflow_ok=overflow_ok, where=f"{where}[{k!r}]")]
    if isinstance(naive, (list, tuple)) and isinstance(fixed, (list, tuple)):
        if len(naive) != len(fixed):
            return [f"{where}: length {len(naive)} != {len(fixed)}"]
        refs = list(reference) if isinstance(reference, (list, tuple)) else [None] * len(naive)
        if len(refs) != len(naive):
            refs = [None] * len(naive)
        return [p for i, (a, b, r) in enumerate(zip(naive, fixed, refs))
                for p in compare(a, b, r, overflow_ok=overflow_ok, where=f"{where}[{i}]")]
    if isinstance(naive, float) and isinstance(fixed, float):
        if _close(naive, fixed):
            return []
        if overflow_ok and not math.isfinite(naive) and math.isfinite(fixed):
            if isinstance(reference, (int, float)) and not _close(float(reference), fixed):
                return [(f"{where}: naive overflowed; fixed {fixed!r} != float64 reference "
                         f"{reference!r}")]
            return []
        return [f"{where}: {naive!r} != {fixed!r}"]
    if type(naive) is not type(fixed) or naive != fixed:
        return [(f"{where}: {naive!r} ({type(naive).__name__}) != {fixed!r} "
                 f"({type(fixed).__name__})")]
    return []


def _close(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)


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
        outcomes = tuple(_run_input(shape, naive_module, fixed_module, i)
                         for i in range(len(naive_module.inputs())))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return ShapeOutcome(shape, applied, fixed_text, tuple(problems), outcomes)


def _run_input(shape: Shape, naive_module: ModuleType, fixed_module: ModuleType,
               index: int) -> InputOutcome:
    # Fresh inputs for each version (seeded: the same values), so that neither sees the
    # other's side effects (`.grad` fields, caches).
    naive_args = tuple(naive_module.inputs()[index])
    fixed_args = tuple(naive_module.inputs()[index])
    largest = _largest_bytes(naive_args)
    finite = _finite(naive_args)
    naive = _run(naive_module.naive, naive_args)
    fixed = _run(fixed_module.naive, fixed_args)
    problems: list[str] = []
    if naive.error is not None or fixed.error is not None:
        if naive.error != fixed.error:
            problems.append(f"naive raised {naive.error}, fixed raised {fixed.error}")
    else:
        reference = None
        if hasattr(naive_module, "reference"):
            reference = plain(naive_module.reference(*naive_module.inputs()[index]))
        problems.extend(compare(plain(naive.value), plain(fixed.value), reference,
                                overflow_ok=finite))
    if fixed.syncs > naive.syncs:
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
    return InputOutcome(index, tuple(problems), naive.syncs, fixed.syncs, naive.peak,
                        fixed.peak, largest)
