"""Where the catalogue rules report an obvious read: in per-step code only.

A sync the reader can see (`scaler.get_scale()`, `torch.cuda.empty_cache()`, a list used
as an index) costs little once; it matters where it runs on every step. Until whole-program
analysis marks the functions called per step, "per step" means inside a loop; switching to
hot code is a change to `per_step` alone.
"""

from __future__ import annotations

from synclint.analysis.walker import Context


def per_step(ctx: Context) -> bool:
    """Whether the node being visited runs once per step (today: inside a loop body)."""
    return ctx.in_loop
