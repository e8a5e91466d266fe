"""Per-batch metric roles (issue 22, sixth draw M2): fastai's `Metric.accumulate`,
avalanche's `Metric.update` and mmengine's `BaseMetric.process` run once per batch, in a
user's subclass of what the library exports and in the library's own package (its project
classes of the base names); methods of those names on other classes, and a `BaseMetric`'s
`compute_metrics` (once per evaluation), stay silent."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, TENSOR, Mapping
from synclint.analysis.project import build_project
from synclint.engine import lint_source
from synclint.rules import DEFAULT_CODES
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


LEARNER = """\
class Metric():
    def reset(self): pass
    def accumulate(self, learn): pass
"""
DEFINITIONS = """\
from typing import Generic, TypeVar

T = TypeVar("T")


class Metric(Generic[T]):
    def update(self, *args, **kwargs) -> None: ...
"""
METRICS = """\
import torch
from torch import Tensor

from fastai.learner import Metric


class CorpusBLEU(Metric):
    def accumulate(self, learn):
        for pred in learn.pred.argmax(dim=-1).cpu().numpy():
            self.n += len(pred)
"""
CONFUSION = """\
import torch
from torch import Tensor

from avalanche.evaluation.metric_definitions import Metric


class ConfusionMatrix(Metric[Tensor]):
    def update(self, true_y: Tensor, predicted_y: Tensor) -> None:
        self.top = torch.max(true_y).item()
"""


STAR = METRICS.replace("from fastai.learner import Metric", "from fastai.learner import *")


def own_package_rows(files: dict[str, str]) -> list[tuple[str, int]]:
    """The SYN101 findings of `files`, each file the module its path names (as a checked
    package's files are: `fastai/metrics.py` is `fastai.metrics`)."""
    project = build_project(files, {name: name.removesuffix(".py").replace("/", ".")
                                    for name in files})
    outputs = {name: lint_source(text, name, set(DEFAULT_CODES), project.view(name))
               for name, text in files.items()}
    return sorted((name, d.location.row) for name, output in outputs.items()
                  for d in output.diagnostics if d.code == "SYN101")


def test_the_libraries_own_packages_take_the_roles_by_their_class_names() -> None:
    files = {"fastai/learner.py": LEARNER, "fastai/metrics.py": METRICS,
             "fastai/text_metrics.py": STAR,
             "avalanche/evaluation/metric_definitions.py": DEFINITIONS,
             "avalanche/evaluation/metrics.py": CONFUSION}
    assert own_package_rows(files) == [
        ("avalanche/evaluation/metrics.py", row_of(CONFUSION, "torch.max(true_y)")),
        ("fastai/metrics.py", row_of(METRICS, ".cpu().numpy()")),
        ("fastai/text_metrics.py", row_of(STAR, ".cpu().numpy()"))]


def test_another_projects_class_of_the_same_name_is_no_library_metric() -> None:
    """A project's own `Metric` (torchmetrics', ignite's, anyone's) takes no fastai or
    avalanche role: the names are theirs only in their own packages."""
    files = {"mylib/learner.py": LEARNER,
             "mylib/metrics.py": METRICS.replace("fastai.learner", "mylib.learner"),
             "mylib/text_metrics.py": STAR.replace("fastai.learner", "mylib.learner"),
             "mylib/metric_definitions.py": DEFINITIONS,
             "mylib/confusion.py": CONFUSION.replace("avalanche.evaluation.", "mylib.")}
    assert own_package_rows(files) == []


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
