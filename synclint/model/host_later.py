"""Values code written after them shows were on the host (`host_data.host_until_later`):
a later `x.numpy()` proves it (it raises on an accelerator tensor), a later
`x = x.to(device)` hints it; and after `values = x.numpy()` in the function's own body,
`x` is a CPU tensor for the rest of it. Only statements on lines that name `numpy` or
move a value (`index.numpy_lines`, `index.move_lines`) are walked."""

from __future__ import annotations

import ast
from bisect import bisect_left
from typing import TYPE_CHECKING

from synclint.analysis.kinds import DEVICE_TENSORS, HOST_TENSOR, TENSORS, UNKNOWN
from synclint.model.host_data import calls_a_model, host_until_later
from synclint.model.index import move_lines, numpy_lines
from synclint.model.syntax import host_proved_names, numpy_receivers

if TYPE_CHECKING:
    from synclint.model.evaluation import Evaluation


def shown_later(evaluation: Evaluation, body: list[ast.stmt]) -> dict[int, tuple[str, bool]]:
    """`host_until_later` of `body`, where a line of it names `numpy` or moves a value
    (two binary searches, not a walk, for every other block)."""
    if not body:
        return {}
    module = evaluation.function.module
    first, last = body[0].lineno, body[-1].end_lineno or body[-1].lineno
    if _on_lines(numpy_lines(module), first, last) or _on_lines(move_lines(module), first, last):
        return host_until_later(body, lambda s: _numpy_receivers(evaluation, s))
    return {}


def on_host_until_later(evaluation: Evaluation, name: str, proved: bool,
                        statement: ast.stmt) -> None:
    """The value `name` holds after `statement` is host data: proved by a later
    `.numpy()`; where the block moves it to a device later, unless it came out of a model
    or is a parameter's (the callers' arguments decide)."""
    current = evaluation.env.get(name)
    if current is not None and proved and (current[0] in DEVICE_TENSORS or
                                           current[0] is UNKNOWN):
        evaluation.env[name] = (HOST_TENSOR, None)  # (`.numpy()`: a tensor's method)
    elif current is not None and current[0] in DEVICE_TENSORS and current[1] is None and \
            not calls_a_model([statement], evaluation._module_method, evaluation._is_module):
        evaluation.env[name] = (HOST_TENSOR, None)


def on_host_after_numpy(evaluation: Evaluation, statement: ast.stmt) -> None:
    """After `values = x.numpy()` in the function's own body (not a branch, a loop or a
    `try`), `x` is a CPU tensor for the rest of it: the call raises on any other."""
    if not _numpy_receivers(evaluation, statement):
        return
    for name in host_proved_names(statement):
        current = evaluation.env.get(name)
        if current is not None and current[0] in TENSORS:
            evaluation.env[name] = (HOST_TENSOR, None)


def _numpy_receivers(evaluation: Evaluation, statement: ast.stmt) -> set[str]:
    """`syntax.numpy_receivers`, walked only for a statement on a line that names
    `numpy`."""
    last = statement.end_lineno or statement.lineno
    if not _on_lines(numpy_lines(evaluation.function.module), statement.lineno, last):
        return set()
    return numpy_receivers(statement)


def _on_lines(lines: tuple[int, ...] | None, first: int, last: int) -> bool:
    """Whether one of `lines` (sorted; None: not known, so maybe) is in `first..last`."""
    if lines is None:
        return True
    index = bisect_left(lines, first)
    return index < len(lines) and lines[index] <= last
