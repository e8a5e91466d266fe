"""PyTorch-Ignite: an `Engine` runs its process function once per iteration, and handlers
attached to `Events.ITERATION_*` once per iteration too (with `(every=N)`, every N);
an ignite `Metric.update` runs once per iteration when attached, `compute` once per
epoch."""

from __future__ import annotations

from synclint.analysis.kinds import TENSOR, Tup
from synclint.knowledge.schema import Class, Library, Registrar, Role

ENGINE = "ignite.engine.Engine"
METRIC = "ignite.metrics.Metric"
#: Events that fire once per iteration.
PER_ITERATION = frozenset({"ITERATION_STARTED", "ITERATION_COMPLETED", "GET_BATCH_STARTED",
                           "GET_BATCH_COMPLETED"})
_EVERY_ITERATION = "every iteration of the ignite Engine"
_REASON = "`{name}` runs each Engine iteration"

LIBRARY = Library(
    name="ignite",
    roots=("ignite",),
    classes=(
        Class(ENGINE),
        Class("ignite.engine.DeterministicEngine", bases=(ENGINE,)),
        Class(METRIC),
    ),
    roles=(
        Role(METRIC, "update", "`Metric.update` runs once per iteration",
             (Tup((TENSOR, TENSOR)),)),
    ),
    registrars=(
        Registrar(ENGINE, 0, _EVERY_ITERATION, qualified=True, reason=_REASON),
        Registrar("ignite.engine.DeterministicEngine", 0, _EVERY_ITERATION, qualified=True,
                  reason=_REASON),
        Registrar("add_event_handler", 1, _EVERY_ITERATION, event_position=0,
                  events=PER_ITERATION, reason=_REASON),
        # `@engine.on(Events.ITERATION_COMPLETED)` decorating a handler.
        Registrar("on", -1, _EVERY_ITERATION, event_position=0, events=PER_ITERATION,
                  reason=_REASON),
    ),
)
