"""Per-step code the eleventh fresh draw showed synclint missing (issue 22, fresh11 M1):
catalyst's batch metrics, whose `update` / `update_key_value` its metric callbacks call
from `on_batch_end` on every batch (a knowledge table, as for torchmetrics' `Metric`),
and a loader metric's `compute_key_value`, once per loader. Each with look-alikes that
stay silent."""

from __future__ import annotations

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.knowledge import class_of, once_role, step_role
from tests.project.test_library_roles import DEFAULT_CODES, findings


def rows(found: list[Diagnostic]) -> list[tuple[str, int]]:
    return [(d.code, d.location.row) for d in found]


BATCH_METRIC = """\
import torch
from {base_module} import {base}


class Statistics({base}):
    def update(self, outputs: torch.Tensor, targets: torch.Tensor):
        outputs = outputs.cpu().detach()
        return (outputs > 0.5).sum()

    def update_key_value(self, outputs: torch.Tensor, targets: torch.Tensor) -> dict:
        return {{"pos": float(targets.sum())}}
"""

CATALYST_BASE = """\
from abc import ABC, abstractmethod


class ICallbackBatchMetric(ABC):
    @abstractmethod
    def update(self, *args, **kwargs):
        pass
"""


def test_a_catalyst_batch_metrics_update_runs_per_batch() -> None:
    user = BATCH_METRIC.format(base_module="catalyst.metrics", base="ICallbackBatchMetric")
    found = findings(metric=user)
    assert rows(found) == [("SYN101", 7), ("SYN101", 11)]
    assert [r.message for d in found for r in d.related] == [
        "a catalyst `ICallbackBatchMetric.update` runs once per batch",
        "a catalyst `ICallbackBatchMetric.update_key_value` runs once per batch"]


def test_a_metric_imported_from_catalyst_metrics_is_a_batch_metric() -> None:
    for base in ("DiceMetric", "AccuracyMetric", "MulticlassPrecisionRecallF1SupportMetric"):
        user = BATCH_METRIC.format(base_module="catalyst.metrics", base=base)
        assert rows(findings(metric=user)) == [("SYN101", 7), ("SYN101", 11)], base


def test_catalysts_own_metrics_take_the_roles_by_their_base_name() -> None:
    """catalyst's metrics derive from its own project class `ICallbackBatchMetric`."""
    sources = {"catalyst/metrics/_metric.py": CATALYST_BASE,
               "catalyst/metrics/_classification.py": BATCH_METRIC.format(
                   base_module="catalyst.metrics._metric", base="ICallbackBatchMetric")}
    outputs = lint_sources(sources, DEFAULT_CODES)
    found = [d for output in outputs.values() for d in output.diagnostics]
    assert rows(found) == [("SYN101", 7), ("SYN101", 11)]


def test_a_project_class_named_like_catalysts_is_not_catalysts() -> None:
    sources = {"evalkit/_metric.py": CATALYST_BASE,
               "evalkit/stats.py": BATCH_METRIC.format(
                   base_module="evalkit._metric", base="ICallbackBatchMetric")}
    outputs = lint_sources(sources, DEFAULT_CODES)
    assert [d for output in outputs.values() for d in output.diagnostics] == []
    user = BATCH_METRIC.format(base_module="my_metrics", base="BinaryStatisticsMetric")
    assert findings(metric=user) == []


def test_an_imetric_and_its_meters_take_no_role() -> None:
    """`IMetric` and the metrics deriving from it only (a runner's loss meters, the
    confusion matrix) are updated by no metric callback."""
    for base in ("IMetric", "AdditiveMetric", "ConfusionMatrixMetric"):
        assert class_of(f"catalyst.metrics.{base}") is None, base
        user = BATCH_METRIC.format(base_module="catalyst.metrics", base=base)
        assert findings(metric=user) == [], base


LOADER_METRIC = """\
import torch
from catalyst.metrics import {base}


class Scores({base}):
    def update(self, scores: torch.Tensor, targets: torch.Tensor) -> None:
        self.scores.append(scores.detach().cpu())

    def compute_key_value(self) -> dict:
        scores = torch.cat(self.scores)
        return {{f"mean/{{i}}": scores[:, i].mean().item() for i in range(scores.shape[1])}}
"""


def test_a_loader_metrics_update_is_per_batch_and_compute_once_per_loader() -> None:
    for base in ("ICallbackLoaderMetric", "AUCMetric", "AccumulativeMetric"):
        found = findings(metric=LOADER_METRIC.format(base=base))
        assert rows(found) == [("SYN101", 7)], base
        assert "`ICallbackLoaderMetric.update` runs once per batch" in found[0].related[0].message


def test_a_batch_metrics_compute_is_not_once_code() -> None:
    """A batch metric's `compute` may run on every `metric(...)` call (`compute_on_call`):
    only the loader metric's is once code."""
    loader = "catalyst.metrics.ICallbackLoaderMetric"
    batch = "catalyst.metrics.ICallbackBatchMetric"
    assert once_role("compute_key_value", (loader,)) is not None
    assert once_role("compute", (loader,)) is not None
    assert once_role("compute", (batch,)) is None
    assert once_role("compute_key_value", (batch,)) is None
    assert step_role("compute", (batch,)) is None
    user = LOADER_METRIC.format(base="ICallbackBatchMetric")
    assert rows(findings(metric=user)) == [("SYN101", 7), ("SYN101", 11)]


RUNNER_AND_CALLBACK = """\
import torch
from {module} import {runner}, {callback}


class CustomRunner({runner}):
    def handle_batch(self, batch):
        loss = self.model(batch).mean()
        self.batch_metrics["loss"] = loss.item()


class Store({callback}):
    def on_batch_start(self, runner) -> None:
        self.first = runner.batch[0].cpu()

    def on_batch_end(self, runner) -> None:
        self.last = runner.batch[0].cpu()

    def on_loader_end(self, runner) -> None:
        self.total = runner.batch[0].sum().item()
"""


def test_a_catalyst_runners_handle_batch_and_callbacks_batch_hooks_run_per_batch() -> None:
    for runner, callback in (("Runner", "Callback"), ("SupervisedRunner", "CriterionCallback"),
                             ("IRunner", "ICallback")):
        user = RUNNER_AND_CALLBACK.format(module="catalyst.dl", runner=runner,
                                          callback=callback)
        found = findings(train=user)
        assert rows(found) == [("SYN101", 8), ("SYN101", 13), ("SYN101", 16)], runner
        assert [r.message for d in found for r in d.related] == [
            "a catalyst runner's `handle_batch` runs once per batch",
            "a catalyst callback's `on_batch_start` runs once per batch",
            "a catalyst callback's `on_batch_end` runs once per batch"]


def test_catalysts_own_callbacks_take_the_roles_by_their_base_name() -> None:
    base = "class ICallback:\n    def on_batch_end(self, runner) -> None:\n        pass\n\n\n" \
           "class IRunner(ICallback):\n    def handle_batch(self, batch) -> None:\n" \
           "        pass\n"
    for package, expected in (("catalyst", [("SYN101", 8), ("SYN101", 13), ("SYN101", 16)]),
                              ("trainkit", [])):
        sources = {f"{package}/core.py": base,
                   f"{package}/callbacks.py": RUNNER_AND_CALLBACK.format(
                       module=f"{package}.core", runner="IRunner", callback="ICallback")}
        outputs = lint_sources(sources, DEFAULT_CODES)
        found = [d for output in outputs.values() for d in output.diagnostics]
        assert rows(found) == expected, package


def test_batch_hooks_of_other_classes_are_not_catalysts() -> None:
    user = RUNNER_AND_CALLBACK.format(module="my_trainer", runner="Runner",
                                      callback="Callback")
    assert findings(train=user) == []
