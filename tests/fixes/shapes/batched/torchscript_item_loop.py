# expect-fix: none: TorchScript compiles this function and rejects the rewrite
"""A `@torch.jit.script` function that reads each value: TorchScript, not Python, runs it,
and it has no set comprehension or `iter()` (the module would no longer import)."""
from __future__ import annotations

import torch


@torch.jit.script
def naive(xs: list[torch.Tensor]) -> list[int]:
    out: list[int] = []
    for x in xs:
        out.append(int(x.item()))
    return out


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor(3), torch.tensor(4)],), ([],)]
