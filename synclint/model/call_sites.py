"""Which project functions a function calls on its main path and which only rarely:
under a periodic guard (`if step % n == 0:`, `if self._should_log():`) or in cold code.
A private helper that every caller calls only rarely is cold (`callers.py`): nequip's
`if self._should_log(): self._log_weight_stats(module)` logs once every `log_freq` steps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from synclint.analysis.kinds import Kind
    from synclint.model.flow import Flow


@dataclass
class CallSites:
    """One evaluation's calls: the callees called outside cold code and periodic
    guards, and how many periodic guards hold the code being evaluated."""

    often: set[str] = field(default_factory=set)
    rare: int = 0


def note_call(flow: Flow, key: str, filled: dict[str, Kind] | None) -> None:
    """A call of the project function `key`, with the kinds of the parameters it fills
    (None: `*args`/`**kwargs` hide which)."""
    flow.call_arguments.append((key, filled))
    if not (flow.cold or flow.sites.rare):
        flow.sites.often.add(key)


def rare_calls(flow: Flow) -> tuple[str, ...]:
    """The project functions `flow` calls only in cold code or under periodic guards."""
    return tuple(sorted({key for key, _ in flow.call_arguments} - flow.sites.often))
