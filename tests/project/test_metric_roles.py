"""Per-batch metric roles (issue 22, sixth draw M2): fastai's `Metric.accumulate`,
avalanche's `Metric.update` and mmengine's `BaseMetric.process` run once per batch, in a
user's subclass of what the library exports and in the library's own package (its project
classes of the base names); methods of those names on other classes, and a `BaseMetric`'s
`compute_metrics` (once per evaluation), stay silent."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, TENSOR, Mapping
from tests.model.probe import probe
from tests.project.test_fresh4_roles import lines, row_of
from tests.project.test_library_roles import findings

USER = """\
import torch
from avalanche.evaluation import Metric as AvalancheMetric
from avalanche.evaluation.metrics import Accuracy
from fastai.metrics import AccumMetric
from mmengine.evaluator import BaseMetric


class TokenCount(AccumMetric):
    def accumulate(self, learn):
        self.count += len(learn.pred.argmax(dim=-1).cpu().numpy())


class Confusion(AvalancheMetric):
    def update(self, true_y: torch.Tensor, predicted_y: torch.Tensor) -> None:
        self.top = max(self.top, torch.max(true_y).item())


class TaskAccuracy(Accuracy):
    def update(self, predicted_y: torch.Tensor, true_y: torch.Tensor, task_labels) -> None:
        self.hits += (predicted_y == true_y).sum().item()


class Scores(BaseMetric):
    def process(self, data_batch: dict, data_samples: list) -> None:
        scores = torch.stack([s["score"] for s in data_samples])
        self.results.append(scores.argmax(dim=1).tolist())

    def compute_metrics(self, results: list) -> dict:
        return {"top": torch.tensor(results).max().item()}


class Accumulator:
    def accumulate(self, loss: torch.Tensor) -> None:
        self.total += loss.detach().cpu().numpy()

    def update(self, values: torch.Tensor) -> None:
        self.total += values.mean().item()

    def process(self, data_batch: dict, data_samples: list) -> None:
        self.last = torch.stack(data_samples).tolist()
"""


def test_metric_methods_run_once_per_batch_in_a_users_subclass() -> None:
    found = findings(metrics=USER)
    assert lines(found, USER) == [row_of(USER, "len(learn.pred"),
                                  row_of(USER, "torch.max(true_y).item()"),
                                  row_of(USER, "(predicted_y == true_y)"),
                                  row_of(USER, "scores.argmax")]


def test_the_reasons_say_which_batch() -> None:
    found = {d.location.row: d for d in findings(metrics=USER) if d.code == "SYN101"}
    process = found[row_of(USER, "scores.argmax")]
    reasons = [str(r.message) for r in process.related]
    assert reasons == ["`BaseMetric.process` runs once per evaluation batch"]
    assert "training" not in process.message
    accumulate = found[row_of(USER, "len(learn.pred")]
    assert [str(r.message) for r in accumulate.related] == [
        "a fastai `Metric.accumulate` runs after every batch it tracks"]


OWN = {
    "learner": """\
class Metric():
    def reset(self): pass
    def accumulate(self, learn): pass
""",
    "metric_definitions": """\
from typing import Generic, TypeVar

T = TypeVar("T")


class Metric(Generic[T]):
    def update(self, *args, **kwargs) -> None: ...
""",
    "metrics": """\
import torch
from torch import Tensor

from learner import Metric
from metric_definitions import Metric as AvalancheMetric


class CorpusBLEU(Metric):
    def accumulate(self, learn):
        for pred in learn.pred.argmax(dim=-1).cpu().numpy():
            self.n += len(pred)


class ConfusionMatrix(AvalancheMetric[Tensor]):
    def update(self, true_y: Tensor, predicted_y: Tensor) -> None:
        self.top = torch.max(true_y).item()


class Counter:
    def update(self, values: Tensor) -> None:
        self.top = values.max().item()
""",
}


def test_the_libraries_own_packages_take_the_roles_by_their_class_names() -> None:
    found = findings(**OWN)
    text = OWN["metrics"]
    assert sorted((d.filename.rsplit("/", 1)[-1], d.location.row) for d in found
                  if d.code == "SYN101") == [("metrics.py", row_of(text, ".cpu().numpy()")),
                                             ("metrics.py", row_of(text, "torch.max(true_y)"))]


def test_a_type_alias_of_the_metrics_package_is_no_metric() -> None:
    """Only metric classes take the table's class: a project's type alias living in
    avalanche's metrics package (`TCommonDetectionOutput`) still reads as what it aliases."""
    files = {
        "avalanche/evaluation/metrics/detection.py": (
            "from typing import Dict\n\nfrom torch import Tensor\n\n"
            "TCommonDetectionOutput = Dict[str, Dict[str, Tensor]]\n"),
        "avalanche/evaluation/metrics/lvis.py": (
            "from avalanche.evaluation.metrics.detection import TCommonDetectionOutput\n\n\n"
            "def prepare(predictions: TCommonDetectionOutput) -> None:\n"
            "    seen(predictions)\n"),
    }
    assert probe(files, "avalanche/evaluation/metrics/lvis.py") == \
        Mapping(HOST, Mapping(HOST, TENSOR))
