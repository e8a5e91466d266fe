"""catalyst: a runner's `_run_loader` runs, for every batch of a loader, the callbacks'
`on_batch_start`, its own `handle_batch`, then the callbacks' `on_batch_end`
(`core/runner.py`). Catalyst's metric callbacks update their metric there
(`callbacks/metric.py`): a `BatchMetricCallback` calls an `ICallbackBatchMetric`'s
`update_key_value` (which calls `update`) on every batch, a `LoaderMetricCallback` an
`ICallbackLoaderMetric`'s `update`, each with the batch's outputs and targets as the model
left them (on its device). A loader metric's `compute_key_value` (and the `compute` it
calls) runs once per loader, from `on_loader_end`; a batch metric's `compute` may also
run on every `metric(...)` call (`IMetric.__call__` with `compute_on_call`), so only the
loader metric's are once code.

A callback's `on_batch_start` / `on_batch_end` and a runner's `handle_batch` (a user's
`CustomRunner(dl.Runner)` writes its train step there) are per-batch code too; a runner is
a callback (`IRunner(ICallback, ...)`). The once-per-loader, -epoch and -experiment hooks
are not listed.

The roles are on catalyst's `ICallbackBatchMetric` and `ICallbackLoaderMetric`
(`catalyst/metrics/_metric.py`), `ICallback` (`core/callback.py`) and `IRunner`
(`core/runner.py`); its own classes derive from its project classes of those names
(`class BinaryStatisticsMetric(ICallbackBatchMetric)`), which count in its own package
only. A class of `catalyst.metrics` a user imports and subclasses is one of them:
the loader metrics by name, the other `*Metric` classes batch metrics (`update` runs per
batch in both), but for `IMetric` and the metrics deriving from it only."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, OnceRole, Role

BATCH_METRIC = "catalyst.metrics.ICallbackBatchMetric"
LOADER_METRIC = "catalyst.metrics.ICallbackLoaderMetric"
CALLBACK = "catalyst.core.ICallback"
RUNNER = "catalyst.core.IRunner"

#: catalyst's loader-based metrics (`catalyst/metrics/__init__.py`), the rest of its
#: `*Metric` classes being batch-based or updated per batch all the same.
_LOADER_METRICS = ("AccumulativeMetric", "AUCMetric", "CMCMetric", "ReidCMCMetric",
                   "FunctionalLoaderMetric", "R2Squared")

LIBRARY = Library(
    name="catalyst",
    roots=("catalyst",),
    classes=(Class(BATCH_METRIC), Class(LOADER_METRIC), Class(CALLBACK),
             Class(RUNNER, bases=(CALLBACK,))),
    # catalyst's own metrics derive from its project classes of these names
    # (`catalyst.metrics._classification`); another project's class of the name is not
    # catalyst's.
    own_names=frozenset({"ICallbackBatchMetric", "ICallbackLoaderMetric", "ICallback",
                         "IRunner"}),
    # What a user subclasses from `catalyst.metrics` (`AccuracyMetric`, `DiceMetric`,
    # `AUCMetric`), not every capitalised name there; and catalyst's callbacks and runners
    # (`dl.Callback`, `dl.CriterionCallback`, `dl.Runner`, `dl.SupervisedRunner`).
    class_patterns=(
        *((f"catalyst.metrics.{name}", LOADER_METRIC) for name in _LOADER_METRICS),
        ("catalyst.metrics.*Metric", BATCH_METRIC),
        ("catalyst.*Callback", CALLBACK),
        ("catalyst.*Runner", RUNNER),
    ),
    # The interface every metric derives from, and the metrics that derive from it only
    # (a runner's loss meters, the confusion matrix): no metric callback updates them.
    not_patterns=("IMetric", "AdditiveMetric", "AdditiveValueMetric", "ConfusionMatrixMetric"),
    roles=(
        Role(BATCH_METRIC, "update", "a catalyst `ICallbackBatchMetric.update` runs once "
                                     "per batch"),
        Role(BATCH_METRIC, "update_key_value", "a catalyst `ICallbackBatchMetric."
                                               "update_key_value` runs once per batch"),
        Role(LOADER_METRIC, "update", "a catalyst `ICallbackLoaderMetric.update` runs "
                                      "once per batch"),
        *(Role(CALLBACK, hook, f"a catalyst callback's `{hook}` runs once per batch")
          for hook in ("on_batch_start", "on_batch_end")),
        Role(RUNNER, "handle_batch", "a catalyst runner's `handle_batch` runs once per batch"),
    ),
    once=tuple(OnceRole(LOADER_METRIC, name, f"a catalyst `ICallbackLoaderMetric.{name}` "
                                             "runs once per loader")
               for name in ("compute", "compute_key_value")),
)
