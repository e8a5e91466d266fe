"""mmengine: the evaluation loop hands every batch's outputs to the `Evaluator`, which
calls each `BaseMetric.process(data_batch, data_samples)` once per evaluation batch
(`mmengine/runner/loops.py`, `mmengine/evaluator/evaluator.py`); `compute_metrics` runs
once per evaluation, on the collected results. mmdet's and mmpretrain's metrics
(`CocoMetric`, `VOCMetric`) derive from `BaseMetric`.

`process` runs per evaluation batch, not per training step: the reason says so."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

BASE_METRIC = "mmengine.BaseMetric"

LIBRARY = Library(
    name="mmengine",
    roots=("mmengine",),
    classes=(Class(BASE_METRIC),),
    # mmengine's own metrics (`DumpResults`) derive from its project class `BaseMetric`.
    own_names=frozenset({"BaseMetric"}),
    roles=(Role(BASE_METRIC, "process",
                "`BaseMetric.process` runs once per evaluation batch"),),
)
