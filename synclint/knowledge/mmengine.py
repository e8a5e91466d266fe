"""mmengine: the evaluation loop hands every batch's outputs to the `Evaluator`, which
calls each `BaseMetric.process(data_batch, data_samples)` once per evaluation batch
(`mmengine/runner/loops.py`, `mmengine/evaluator/evaluator.py`); `compute_metrics` runs
once per evaluation, on the collected results. mmdet's and mmpretrain's metrics
(`CocoMetric`, `VOCMetric`) derive from `BaseMetric`.

`process` runs per evaluation batch, not per training step: the reason says so.

`BaseModule` (`mmengine.model`, and mmcv's before it: `mmcv.runner.BaseModule`) derives from
`nn.Module` to add weight initialisation from a config, and `BaseModel` (with its
`train_step`, `val_step`, `test_step`) from `BaseModule`: OpenMMLab's heads, necks,
backbones, losses and models derive from them, so their `forward` is a module's."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

BASE_METRIC = "mmengine.BaseMetric"
BASE_MODULE = "mmengine.BaseModule"
BASE_MODEL = "mmengine.BaseModel"

LIBRARY = Library(
    name="mmengine",
    roots=("mmengine", "mmcv"),
    classes=(
        Class(BASE_METRIC),
        Class(BASE_MODULE, module=True),
        Class(BASE_MODEL, bases=(BASE_MODULE,), module=True),
    ),
    # mmengine's own metrics (`DumpResults`) and models derive from its project classes
    # of these names.
    own_names=frozenset({"BaseMetric", "BaseModule", "BaseModel"}),
    roles=(Role(BASE_METRIC, "process",
                "`BaseMetric.process` runs once per evaluation batch"),),
)
