"""Which project functions a function calls on its main path and which only rarely:
under a periodic guard (`if step % n == 0:`, `if self._should_log():`) or in cold code.
A private helper that every caller calls only rarely is cold (`callers.py`): nequip's
`if self._should_log(): self._log_weight_stats(module)` logs once every `log_freq` steps.

Also whether a function trains (`Summary.trains`): it takes a training step
(`loss.backward()`, `zero_grad()`, an optimiser's `step()`, or a call of a function
that does), or it runs a training loop (such a step in a loop of its own, or a call of a
function that runs one). A call of a training run in a loop is once per run, not once
per step: the run's own reads are reported inside it, at their own frequency
(`chains.call_syncs`; stanza's `train_many.py` loops over whole training runs)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from synclint.analysis.kinds import Kind
    from synclint.model.flow import Flow

#: `Summary.trains`, flags: a call runs a backward pass, clears gradients or steps an
#: optimiser (both: one training step), or runs a training loop.
BACKWARD = 1
OPTIMISES = 2
STEP = BACKWARD | OPTIMISES
RUNS = 4


@dataclass
class CallSites:
    """One evaluation's calls: the callees called outside cold code and periodic
    guards, and how many periodic guards hold the code being evaluated."""

    often: set[str] = field(default_factory=set)
    rare: int = 0
    #: The callees called inside a loop of the function.
    looped: set[str] = field(default_factory=set)
    #: Its own training calls (`BACKWARD`, `OPTIMISES`).
    trains: int = 0


def note_call(flow: Flow, key: str, filled: dict[str, Kind] | None) -> None:
    """A call of the project function `key`, with the kinds of the parameters it fills
    (None: `*args`/`**kwargs` hide which)."""
    flow.call_arguments.append((key, filled))
    if not (flow.cold or flow.sites.rare):
        flow.sites.often.add(key)
    if flow.loops:
        flow.sites.looped.add(key)


def note_training(flow: Flow, node: ast.Call) -> None:
    """A call that may train: `loss.backward()`, `model.zero_grad()`,
    `self.optimizer.step()` (a receiver whose name says optimiser)."""
    flow.sites.trains |= _training(node)


def _training(node: ast.Call) -> int:
    func = node.func
    if not isinstance(func, ast.Attribute):
        return 0
    if func.attr == "backward":
        return BACKWARD
    if func.attr == "zero_grad" or (func.attr == "step" and _optimiser(func.value)):
        return OPTIMISES
    return 0


def _optimiser(node: ast.expr) -> bool:
    """`optimizer`, `self.optim`, `opt`: a receiver whose name says optimiser."""
    name = node.attr if isinstance(node, ast.Attribute) else (
        node.id if isinstance(node, ast.Name) else "")
    return "optim" in name.lower() or name.lower().rstrip("_0123456789") == "opt"


def trains(flow: Flow, definition: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Whether the function `flow` evaluates (`definition`) trains (`Summary.trains`):
    its own training calls and its callees' flags; RUNS where one of its loops takes
    whole training steps (a backward pass and an optimiser's step in its body, or a
    call of a function that takes one), or a callee runs a training loop. A loop over
    optimisers (`for opt in optimizers: opt.zero_grad()`) or over micro-batches that only
    accumulate gradients is no training loop."""
    found = flow.sites.trains
    for key, _ in flow.call_arguments:
        summary = flow.project.summaries.get(key)
        callee = summary.trains if summary is not None else 0
        if callee & RUNS or (callee & STEP == STEP and key in flow.sites.looped):
            return found | callee | RUNS
        found |= callee
    if flow.sites.trains & STEP == STEP and any(
            _steps(loop) for loop in _loops(definition)):
        found |= RUNS
    return found


def _loops(node: ast.AST) -> Iterator[ast.For | ast.AsyncFor | ast.While]:
    """The outermost loops under `node` (nested functions and classes left out)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.For, ast.AsyncFor, ast.While)):
            yield child
        elif not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                    ast.Lambda)):
            yield from _loops(child)


def _steps(loop: ast.For | ast.AsyncFor | ast.While) -> bool:
    """Whether a loop's body both runs a backward pass and steps an optimiser."""
    found = 0
    for node in ast.walk(loop):
        if isinstance(node, ast.Call):
            found |= _training(node)
            if found == STEP:
                return True
    return False


def rare_calls(flow: Flow) -> tuple[str, ...]:
    """The project functions `flow` calls only in cold code or under periodic guards."""
    return tuple(sorted({key for key, _ in flow.call_arguments} - flow.sites.often))
