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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from synclint.analysis.kinds import Kind
    from synclint.model.flow import Flow

#: `Summary.trains`: a call takes one training step, or runs a training loop.
STEPS = 1
RUNS = 2
#: Methods whose call is a training step: a backward pass, clearing gradients.
_TRAINING = frozenset({"backward", "zero_grad"})


@dataclass
class CallSites:
    """One evaluation's calls: the callees called outside cold code and periodic
    guards, and how many periodic guards hold the code being evaluated."""

    often: set[str] = field(default_factory=set)
    rare: int = 0
    #: The callees called inside a loop of the function.
    looped: set[str] = field(default_factory=set)
    #: Its own training calls (`backward()`, an optimiser's `step()`): STEPS, or RUNS
    #: where one is in a loop.
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
    """A call that may take a training step: `loss.backward()`, `model.zero_grad()`,
    `self.optimizer.step()` (a receiver whose name says optimiser)."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return
    if func.attr in _TRAINING or (func.attr == "step" and _optimiser(func.value)):
        flow.sites.trains = max(flow.sites.trains, RUNS if flow.loops else STEPS)


def _optimiser(node: ast.expr) -> bool:
    """`optimizer`, `self.optim`, `opt`: a receiver whose name says optimiser."""
    name = node.attr if isinstance(node, ast.Attribute) else (
        node.id if isinstance(node, ast.Name) else "")
    return "optim" in name.lower() or name.lower().rstrip("_0123456789") == "opt"


def trains(flow: Flow) -> int:
    """Whether the function `flow` evaluates trains (`Summary.trains`), from its own
    training calls and its callees' summaries."""
    found = flow.sites.trains
    for key, _ in flow.call_arguments:
        summary = flow.project.summaries.get(key)
        callee = summary.trains if summary is not None else 0
        if callee == RUNS or (callee == STEPS and key in flow.sites.looped):
            return RUNS
        found = max(found, callee)
    return found


def rare_calls(flow: Flow) -> tuple[str, ...]:
    """The project functions `flow` calls only in cold code or under periodic guards."""
    return tuple(sorted({key for key, _ in flow.call_arguments} - flow.sites.often))
