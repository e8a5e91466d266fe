"""What `synclint fix` does to the differential harness's shapes, per fix pattern.

Usage: python benchmarks/fixes.py [PATTERN ...]

For each pattern (batched, float64, chunked) prints how many shapes there are, how many
the fixer rewrote (safe / unsafe), which it left alone and why, and how many fixed shapes
were verified equal to their naive versions on every input; then, per shape, the host
syncs (summed over the inputs) and the peak temporary memory (largest over the inputs)
of the naive and fixed versions, measured by synclint's emulated runtime harness.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fixes.differential import (
    PATTERNS,
    ShapeOutcome,
    load_shape,
    run_shape,
    shape_paths,
)


def _bytes(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} B"


def _summary(pattern: str, outcomes: list[ShapeOutcome]) -> list[str]:
    safe = sum(o.applied == "safe" for o in outcomes)
    unsafe = sum(o.applied == "unsafe" for o in outcomes)
    unfixed = [o for o in outcomes if o.applied is None]
    verified = sum(o.applied is not None and o.verified for o in outcomes)
    failing = [o for o in outcomes if not o.verified]
    fixed = safe + unsafe
    lines = [(f"{pattern}: {len(outcomes)} shapes, fixed {fixed} ({safe} safe, {unsafe} "
              f"unsafe), left unfixed {len(unfixed)}, verified equal {verified}/{fixed}")]
    for outcome in unfixed:
        why = outcome.shape.reason or "(no reason in header)"
        lines.append(f"  unfixed {outcome.shape.name}: {why}")
    for outcome in failing:
        lines.append(f"  PROBLEM {outcome.shape.name}: " + "; ".join(outcome.all_problems[:3]))
    return lines


def _table(outcomes: list[ShapeOutcome]) -> list[str]:
    header = (f"  {'shape':34} {'fix':7} {'inputs':>6} {'syncs naive':>11} {'fixed':>6} "
              f"{'peak naive':>11} {'fixed':>10} {'largest in':>10}  equal")
    lines = [header]
    for o in outcomes:
        if o.applied is None:
            lines.append(f"  {o.shape.name:34} {'none':7} {'-':>6} {'-':>11} {'-':>6} "
                         f"{'-':>11} {'-':>10} {'-':>10}  -")
            continue
        syncs_naive = sum(i.syncs_naive for i in o.inputs)
        syncs_fixed = sum(i.syncs_fixed for i in o.inputs)
        peak_naive = max((i.peak_naive for i in o.inputs), default=0)
        peak_fixed = max((i.peak_fixed for i in o.inputs), default=0)
        largest = max((i.largest_input_bytes for i in o.inputs), default=0)
        lines.append(f"  {o.shape.name:34} {o.applied:7} {len(o.inputs):>6} {syncs_naive:>11} "
                     f"{syncs_fixed:>6} {_bytes(peak_naive):>11} {_bytes(peak_fixed):>10} "
                     f"{_bytes(largest):>10}  {'yes' if o.verified else 'NO'}")
    return lines


def _seed_ticket_line() -> str:
    """Peak memory of the float64 seed shape's fix vs the seed ticket's own fix, which
    upcasts every gradient (`[g.double() for g in grads]`) before `torch._foreach_norm`."""
    import torch

    from synclint.runtime import track_memory
    from tests.fixes.differential import SHAPES_DIR, _import

    shape = load_shape(SHAPES_DIR / "float64" / "seed_grad_norm_surrogate.py")
    fixed = run_shape(shape)
    module = _import(shape.path, "_synclint_seed_ticket")

    def seed_ticket_fix(model: torch.nn.Module) -> float:
        grads = [p.grad for p in model.parameters() if p.grad is not None]
        norms = torch._foreach_norm([g.double() for g in grads], ord=2)
        return float(torch.linalg.vector_norm(torch.stack(norms)).item())

    peak = 0
    for args in module.inputs():
        if not any(p.grad is not None for p in args[0].parameters()):
            continue
        with track_memory("emulated") as memory:
            seed_ticket_fix(*args)
        peak = max(peak, memory.peak_bytes)
    ours = max((i.peak_fixed for i in fixed.inputs), default=0)
    largest = max((i.largest_input_bytes for i in fixed.inputs), default=0)
    return (f"float64 seed: peak temporary of the fix {_bytes(ours)}, of the seed ticket's "
            f"`[g.double() for g in grads]` fix {_bytes(peak)} (largest gradient "
            f"{_bytes(largest)})")


def main(argv: list[str]) -> int:
    patterns = tuple(argv) or PATTERNS
    unknown = [p for p in patterns if p not in PATTERNS]
    if unknown:
        print(f"unknown pattern(s): {', '.join(unknown)}; choose from {', '.join(PATTERNS)}",
              file=sys.stderr)
        return 2
    all_ok = True
    total = 0
    for pattern in patterns:
        outcomes = [run_shape(load_shape(path)) for path in shape_paths((pattern,))]
        total += len(outcomes)
        print("\n".join(_summary(pattern, outcomes)))
        if outcomes:
            print("\n".join(_table(outcomes)))
        if pattern == "float64" and outcomes:
            print(_seed_ticket_line())
        print()
        all_ok = all_ok and all(o.verified for o in outcomes)
    print(f"{total} shapes in all; {'all verified' if all_ok else 'SOME SHAPES FAIL'}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
