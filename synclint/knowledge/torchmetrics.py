"""torchmetrics: a `Metric` is an `nn.Module` whose states (`add_state`) move with it to
the device; `update` runs once per batch, and `compute` on each `metric(...)` call (its
`forward` computes the batch value; code that calls `update` per batch and `compute`
once runs it per evaluation) as well as at the end of an epoch."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, MODULE, TENSOR, Kind, Mapping
from synclint.knowledge.schema import (
    Class,
    Library,
    Method,
    OnceRole,
    Returns,
    Role,
    StateRegistrar,
)

METRIC = "torchmetrics.Metric"
COLLECTION = "torchmetrics.MetricCollection"
#: `update(preds, target)`: the batch's predictions and targets, tensors (text metrics take
#: strings, but annotate them or never test them as bools).
_PREDS_AND_TARGET: tuple[Kind, ...] = (TENSOR, TENSOR)

LIBRARY = Library(
    name="torchmetrics",
    roots=("torchmetrics",),
    classes=(
        Class(METRIC, module=True, called=TENSOR),
        Class(COLLECTION, module=True, called=Mapping(HOST, TENSOR)),
    ),
    methods=(
        Method(METRIC, "compute", Returns(TENSOR)),
        Method(METRIC, "update", Returns(HOST)),
        Method(METRIC, "reset", Returns(HOST)),
        Method(COLLECTION, "compute", Returns(Mapping(HOST, TENSOR))),
        Method(COLLECTION, "update", Returns(HOST)),
        Method(COLLECTION, "reset", Returns(HOST)),
        Method(METRIC, "to", Returns(MODULE)),
    ),
    roles=(
        Role(METRIC, "update", "`Metric.update` runs once per batch", _PREDS_AND_TARGET),
        Role(METRIC, "compute",
             "`compute` runs on each `metric(...)` call (torchmetrics' forward)"),
    ),
    once=(OnceRole(METRIC, "reset", "`Metric.reset` runs once per epoch"),),
    state_registrars=(StateRegistrar(METRIC, "add_state", 1, "default"),),
)
