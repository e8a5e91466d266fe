"""Per-step code the libraries define (issue 22): the roles of their base classes, the
callables their registrations run each step, and the guards and callers that make code
cold or keep data on the CPU, with the reason in every message."""

from __future__ import annotations

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.rules import DEFAULT_CODES


def findings(**files: str) -> list[Diagnostic]:
    sources = {f"{name}.py": text for name, text in files.items()}
    outputs = lint_sources(sources, DEFAULT_CODES)
    for output in outputs.values():
        assert output.error is None, output.error
    return sorted((d for output in outputs.values() for d in output.diagnostics),
                  key=lambda d: (d.filename, d.location.row))


TRAINER = """\
import torch
from transformers import Trainer


class MyTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        self.history.append(outputs.loss.item())
        return outputs.loss

    def create_optimizer(self):
        for p in self.model.parameters():
            self.scales.append(p.abs().max().item())
        return super().create_optimizer()

    def prediction_step(self, model, inputs, prediction_loss_only, ignore_keys=None):
        if (inputs.get("labels") == -100).all():
            return None, None, None
        return super().prediction_step(model, inputs, prediction_loss_only, ignore_keys)
"""


def test_trainer_step_methods_are_per_step_and_setup_methods_are_cold() -> None:
    found = findings(trainer=TRAINER)
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 8), ("SYN102", 17)]
    assert found[0].message.endswith("`compute_loss` runs once per training step")
    assert found[1].message.endswith("`prediction_step` runs once per eval batch")
    assert all(len(d.message) <= 100 for d in found)


def test_a_project_base_class_passes_the_role_on() -> None:
    base = "from transformers import Trainer\n\nclass Base(Trainer):\n    pass\n"
    sub = TRAINER.replace("from transformers import Trainer", "from base import Base").replace(
        "class MyTrainer(Trainer)", "class MyTrainer(Base)")
    assert [(d.code, d.location.row) for d in findings(base=base, trainer=sub)] == [
        ("SYN101", 8), ("SYN102", 17)]


def test_the_same_methods_outside_a_trainer_are_not_per_step() -> None:
    plain = TRAINER.replace("class MyTrainer(Trainer)", "class MyTrainer").replace(
        "from transformers import Trainer\n", "")
    # No step role, and `create_optimizer` is not setup code either: its loop syncs per
    # parameter (SYN101 in a loop); `inputs` is nobody knows what.
    found = findings(trainer=plain)
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 12)]


METRIC = """\
import torch
from torchmetrics import Metric


class Hits(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("hits", default=torch.tensor(0), dist_reduce_fx="sum")
        self.seen = 0

    def update(self, preds, target):
        self.hits += (preds.argmax(-1) == target).sum()
        self.seen += int((target >= 0).sum())

    def compute(self):
        if self.hits > 0:
            return self.hits.float() / self.seen
        return torch.zeros(())
"""


def test_metric_update_and_compute_run_per_batch_and_states_live_on_the_device() -> None:
    found = findings(metric=METRIC)
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 13), ("SYN102", 16)]
    assert found[0].message.endswith("`Metric.update` runs once per batch")
    # `compute` is per step through torchmetrics' forward (`metric(preds, target)`), not
    # on every call: code that calls `update` per batch and `compute` once is per epoch.
    assert found[1].message == "`if` test on a tensor syncs with the GPU in per-step code " \
        "(`compute`)", found[1].message
    assert [r.message for r in found[1].related] == [
        "`compute` runs on each `metric(...)` call (torchmetrics' forward)"]


def test_ignite_process_functions_and_iteration_handlers_run_each_iteration() -> None:
    source = """\
import torch
from ignite.engine import Engine, Events


def build(model, optimizer, loss_fn):
    def train_step(engine, batch):
        loss = loss_fn(model(batch[0]), batch[1])
        loss.backward()
        optimizer.step()
        return loss.item()

    trainer = Engine(train_step)

    @trainer.on(Events.ITERATION_COMPLETED)
    def grad_max(engine):
        print(torch.stack([p.grad.abs().max() for p in model.parameters()]).max().item())

    @trainer.on(Events.ITERATION_COMPLETED(every=100))
    def periodic(engine):
        print(torch.stack([p.abs().max() for p in model.parameters()]).max().item())

    @trainer.on(Events.EPOCH_COMPLETED)
    def epoch(engine):
        print(torch.stack([p.abs().max() for p in model.parameters()]).max().item())

    return trainer
"""
    found = findings(train=source)
    # The handler's print of a host read is a logging sync (SYN106).
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 10), ("SYN106", 16)]
    assert found[0].message.endswith("`train_step` runs each Engine iteration")
    assert "grad_max" in found[1].message or any("grad_max" in r.message for r in found[1].related)


def test_a_read_after_an_early_debug_return_is_cold() -> None:
    source = """\
import torch
from torch import nn


class Block(nn.Module):
    def _trace(self, x: torch.Tensor) -> None:
        if not self.debug:
            return
        print(x.abs().max().item())

    def _always(self, x: torch.Tensor) -> None:
        print(x.abs().max().item())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self._trace(x)
        self._always(x)
        return x
"""
    found = findings(block=source)
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 16)]


def test_the_tail_before_a_final_raise_is_cold_but_the_check_is_not() -> None:
    checks = """\
import torch


def check_finite(t: torch.Tensor) -> None:
    if torch.isfinite(t).all():
        return
    bad = (~torch.isfinite(t)).sum().item()
    raise FloatingPointError(f"{bad} non-finite values")
"""
    train = """\
import torch
from checks import check_finite


def step(grads: list[torch.Tensor]) -> None:
    for g in grads:
        check_finite(g)
"""
    found = findings(checks=checks, train=train)
    assert [(d.filename, d.code, d.location.row) for d in found] == [
        ("checks.py", "SYN102", 5), ("train.py", "SYN102", 7)]


def test_a_public_helper_every_project_caller_feeds_cpu_tensors_runs_on_the_cpu() -> None:
    helper = """\
import torch


def counts(values: torch.Tensor) -> list[int]:
    return [int(c) for c in torch.histc(values.float(), bins=4)]
"""
    report = """\
import numpy as np
import torch
from helper import counts


def report(a: np.ndarray, b: torch.Tensor) -> list[list[int]]:
    return [counts(torch.from_numpy(a)), counts(b.cpu())]
"""
    assert findings(helper=helper, report=report) == []
    on_device = report.replace("counts(b.cpu())", "counts(b)")
    assert [(d.filename, d.location.row) for d in findings(helper=helper, report=on_device)] == [
        ("helper.py", 5)]
    # Calls from test code do not count: a test passes CPU tensors, users may not.
    tests = report.replace("def report", "def test_report")
    found = findings(helper=helper, test_report=tests)
    assert [(d.filename, d.location.row) for d in found] == [("helper.py", 5)]


def test_helpers_that_read_with_tolist_math_or_format_are_reported_at_the_call() -> None:
    helpers = """\
import math


def ids(t):
    return t.tolist()


def ppl(loss):
    return math.exp(loss)


def fmt(x):
    return f"{x:.3f}"
"""
    train = """\
import numpy as np
import torch
from helpers import fmt, ids, ppl


def train(model: torch.nn.Module, loader, arrays: list[np.ndarray]):
    for x in loader:
        loss = model(x).mean()
        print(ids(loss), ppl(loss), fmt(loss))
    for a in arrays:
        print(ids(a), ppl(float(a.sum())), fmt(a.mean()))
"""
    found = findings(helpers=helpers, train=train)
    assert [(d.filename, d.location.row) for d in found] == [("train.py", 9)] * 3
    assert {d.message.split("`")[1] for d in found} == {"ids()", "ppl()", "fmt()"}


def test_methods_of_a_project_object_built_in_the_function_are_resolved() -> None:
    source = """\
import torch


class StepController:
    def propose_step(self, error) -> bool:
        return 1 / (float(error) + 1e-8) > 1


def sample(x: torch.Tensor, n: int, errors: list[float]) -> None:
    controller = StepController()
    for _ in range(n):
        controller.propose_step(torch.linalg.norm(x))
    for error in errors:
        controller.propose_step(error)
"""
    found = findings(sampler=source)
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 12)]
    assert found[0].message.startswith("`StepController.propose_step()` reads a tensor")


def test_a_stopping_criteria_list_gives_one_bool_tensor_per_sequence() -> None:
    source = """\
import torch
from transformers import StoppingCriteriaList


def generate(model: torch.nn.Module, ids: torch.Tensor, stopping_criteria: StoppingCriteriaList):
    while True:
        ids = torch.cat([ids, model(ids).argmax(-1, keepdim=True)], dim=-1)
        if all(stopping_criteria(ids, None)):
            break
    return ids
"""
    assert [(d.code, d.location.row) for d in findings(gen=source)] == [("SYN102", 8)]
