"""Roles of the eighteenth draw (issue 22): fairseq's task roles (M4: a `FairseqTask`'s
`train_step` runs on every update, `valid_step` per validation batch and `inference_step`
per generated batch, each given the sample the trainer moved to the device) and an
allennlp `Metric`'s `__call__`, once per batch (M3), and an ema-pytorch EMA's `update`,
once per optimiser step (fresh17 M6); in a user's subclass of what the
library exports and in the library's own package (its project classes of the base
names). Methods of those names on other classes stay silent."""

from __future__ import annotations

from synclint.analysis.kinds import TENSOR
from tests.model.probe import probe
from tests.project.test_metric_roles import own_package_rows

STEPS = """\
import torch
from fairseq.tasks import {base}


class MoETask({base}):
    def train_step(self, sample, model, criterion, optimizer, update_num):
        loss = model(**sample["net_input"]).sum()
        self.peak = sample["target"].max().item()
        optimizer.backward(loss)
        return loss, 1, {{}}

    def valid_step(self, sample, model, criterion):
        return sample["ntokens"].tolist()

    def inference_step(self, generator, models, sample, prefix_tokens=None):
        if sample["net_input"]["src_tokens"][:, 0].eq(0).all():
            return None
        return generator.generate(models, sample)
"""


def rows(source: str, name: str = "tasks/moe.py") -> list[tuple[str, int]]:
    return own_package_rows({name: source})


def test_a_fairseq_tasks_steps_run_per_batch_with_a_device_sample() -> None:
    from synclint.engine import lint_source
    from synclint.rules import DEFAULT_CODES

    for base in ("FairseqTask", "LegacyFairseqTask"):
        source = STEPS.format(base=base)
        found = sorted((d.code, d.location.row) for d in lint_source(
            source, "moe.py", set(DEFAULT_CODES)).diagnostics)
        assert found == [("SYN101", 8), ("SYN101", 13), ("SYN102", 16)], base


def test_the_sample_a_task_step_is_given_is_a_mapping_of_device_tensors() -> None:
    source = STEPS.format(base="FairseqTask").replace(
        'return sample["ntokens"].tolist()', 'seen(sample["ntokens"])')
    assert probe(source) is TENSOR


def test_methods_of_those_names_on_another_class_have_no_role() -> None:
    source = STEPS.format(base="FairseqTask").replace("class MoETask(FairseqTask)",
                                                       "class MoETask(object)")
    assert rows(source) == []


def test_fairseqs_own_tasks_take_the_roles_by_their_base_class_names() -> None:
    base = "class FairseqTask:\n    def train_step(self, sample, model, criterion, optimizer, " \
           "update_num):\n        raise NotImplementedError\n"
    task = STEPS.format(base="FairseqTask").replace(
        "from fairseq.tasks import FairseqTask", "from fairseq.tasks.fairseq_task import "
        "FairseqTask")
    assert own_package_rows({"fairseq/tasks/fairseq_task.py": base,
                             "fairseq/tasks/moe.py": task}) == [
        ("fairseq/tasks/moe.py", 8), ("fairseq/tasks/moe.py", 13)]
    # Another project's class of that name is not fairseq's.
    assert own_package_rows({"mylib/tasks/fairseq_task.py": base,
                             "mylib/tasks/moe.py": task.replace("from fairseq.tasks.",
                                                                 "from mylib.tasks.")}) == []


METRIC = """\
import torch
from allennlp.training.metrics import Metric


class BooleanAccuracy(Metric):
    def __call__(self, predictions: torch.Tensor, gold_labels: torch.Tensor) -> None:
        self.correct += predictions.eq(gold_labels).sum().item()

    def get_metric(self, reset: bool = False) -> float:
        return torch.tensor(self.correct).item()
"""


def test_an_allennlp_metric_is_called_once_per_batch() -> None:
    assert rows(METRIC, "mymodels/metrics.py") == [("mymodels/metrics.py", 7)]
    # A class of its own with a `__call__`: no framework calls it per batch.
    assert rows(METRIC.replace("(Metric)", "(object)"), "mymodels/metrics.py") == []


def test_allennlps_own_metrics_take_the_role_by_the_base_class_name() -> None:
    base = "class Metric:\n    def reset(self) -> None:\n        pass\n"
    own = METRIC.replace("from allennlp.training.metrics import Metric",
                         "from allennlp.training.metrics.metric import Metric")
    assert own_package_rows({"allennlp/training/metrics/metric.py": base,
                             "allennlp/training/metrics/boolean_accuracy.py": own}) == [
        ("allennlp/training/metrics/boolean_accuracy.py", 7)]
    assert own_package_rows({"mylib/metric.py": base, "mylib/boolean_accuracy.py": own.replace(
        "from allennlp.training.metrics.metric", "from mylib.metric")}) == []


EMA = """\
import torch
from ema_pytorch import EMA


class WarmupEMA(EMA):
    def update(self):
        self.last = self.step.item()
"""


def test_an_ema_pytorch_update_runs_per_optimiser_step() -> None:
    assert rows(EMA, "train/ema.py") == [("train/ema.py", 7)]
    own = EMA.replace("from ema_pytorch import EMA\n", "").replace("(EMA)", "(torch.nn.Module)")
    assert own_package_rows({"ema_pytorch/post_hoc_ema.py": own.replace(
        "WarmupEMA", "KarrasEMA")}) == [("ema_pytorch/post_hoc_ema.py", 6)]
    # A project's own `EMA` outside the package: no role.
    assert own_package_rows({"mylib/ema.py": own.replace("WarmupEMA", "EMA")}) == []
