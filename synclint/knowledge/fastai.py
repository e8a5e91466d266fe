"""fastai: a `Learner`'s `Recorder` calls each metric's `accumulate(learn)` after every
batch it tracks (every validation batch, and every training batch with
`train_metrics=True`), with `learn.pred` and `learn.y` the batch's outputs and targets on
the model's device (`fastai/learner.py`, `Recorder.after_batch`). `AvgMetric`,
`AccumMetric` and the classes of `fastai.metrics` derive from `Metric`.

The role is on fastai's `Metric`, and its package's own classes derive from its project
class of that name: a method `accumulate` of a class deriving from no `Metric` (a
gradient accumulator) is not per-batch code by this table."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

METRIC = "fastai.Metric"

LIBRARY = Library(
    name="fastai",
    roots=("fastai",),
    classes=(Class(METRIC),),
    # fastai's own metrics derive from its project class `Metric` (`class AvgMetric(Metric)`).
    own_names=frozenset({"Metric"}),
    # What a user subclasses from `fastai.metrics` and `fastai.learner` (`AccumMetric`,
    # `AvgMetric`, `Dice`); not every capitalised name there (fastai re-exports `Tensor`).
    class_patterns=(("fastai.metrics.*Metric", METRIC), ("fastai.learner.*Metric", METRIC),
                    ("fastai.metrics.Dice", METRIC), ("fastai.metrics.JaccardCoeff", METRIC)),
    roles=(Role(METRIC, "accumulate",
                "a fastai `Metric.accumulate` runs after every batch it tracks"),),
)
