"""A call of a method a base class only declares reaches its project subclasses'
overrides (`model/dispatch.py`); `isinstance` with a project class narrows a value to an
instance of it; the type test of an element of a setting list is a setting."""

from __future__ import annotations

from synclint.analysis.kinds import TENSOR, Instance
from tests.model.probe import findings, line_of, probes, syncs
from tests.model.test_summary_syncs import summary_of

METRICS = """\
import torch
from torch import Tensor

class Metric:
    def __call__(self, y_pred: Tensor, y_true: Tensor):
        raise NotImplementedError("Custom Metrics must implement this function")

class Recall(Metric):
    def __call__(self, y_pred: Tensor, y_true: Tensor):
        return y_pred.cpu().numpy()

class Mean(Metric):
    def __call__(self, y_pred: Tensor, y_true: Tensor):
        return (y_pred - y_true).abs().mean()

def f(metric: Metric, y_pred, y_true):
    return metric(y_pred, y_true)
"""


def test_a_call_of_a_declared_method_runs_the_overrides() -> None:
    (effect,) = summary_of(METRICS).param_effects
    assert (effect.name, effect.effect.code) == ("y_pred", "SYN101")
    assert [site.message for site in effect.effect.chain] == [
        "calls `Metric.__call__()`", "calls `Recall.__call__()` in its place", "`.cpu()`"]


def test_a_declaration_s_summary_returns_what_the_overrides_return() -> None:
    summary = summary_of(METRICS, "Metric.__call__")
    assert [p.name for p in summary.param_effects] == ["y_pred"]


def test_a_method_the_base_defines_is_not_dispatched() -> None:
    source = METRICS.replace(
        '        raise NotImplementedError("Custom Metrics must implement this function")',
        "        return y_pred.sum()")
    assert summary_of(source).param_effects == ()


def test_an_abstractmethod_is_a_declaration() -> None:
    source = METRICS.replace("class Metric:", "import abc\nclass Metric(abc.ABC):").replace(
        '        raise NotImplementedError("Custom Metrics must implement this function")',
        '        """Score a batch."""').replace(
        "    def __call__(self, y_pred: Tensor, y_true: Tensor):\n        \"\"\"",
        "    @abc.abstractmethod\n    def __call__(self, y_pred: Tensor, y_true: Tensor):\n"
        "        \"\"\"", 1)
    assert [p.name for p in summary_of(source).param_effects] == ["y_pred"]


def test_a_call_through_self_does_not_dispatch() -> None:
    # Whether `Base.forward` runs in a subclass depends on whether it overrides it:
    # template methods (`hooks.py`) judge that, per subclass.
    source = """\
import torch

class Base:
    def _step(self, x: torch.Tensor):
        raise NotImplementedError

    def run(self, x: torch.Tensor):
        return self._step(x)

class Standalone(Base):
    def run(self, x: torch.Tensor):
        return x * 2

    def _step(self, x: torch.Tensor):
        return x.sum().item()
"""
    assert summary_of(source, "Base.run").param_effects == ()
    assert [p.name for p in summary_of(source, "Base._step").param_effects] == ["x"]


INHERITED = """\
import torch

class Base:
    def _step(self, x: torch.Tensor):
        raise NotImplementedError

    def run(self, x: torch.Tensor):
        return self._step(x)

class Child(Base):
    def _step(self, x: torch.Tensor):
        return x.sum().item()
"""

OTHER = """
class Other(Base):
    def _step(self, x: torch.Tensor):
        return x * 2
"""


def test_a_call_through_self_reaches_the_one_override_of_a_subclass_that_runs_it() -> None:
    # One subclass overrides `_step` and inherits `run` (fresh14 M2, lavis'
    # `BaseTask.evaluation` over `self.valid_step`): `run` runs that override or raises.
    assert [p.name for p in summary_of(INHERITED, "Base.run").param_effects] == ["x"]
    # It replaces `run` as well: the base's `run` never runs its `_step`.
    replaced = INHERITED + "\n    def run(self, x: torch.Tensor):\n        return x\n"
    assert summary_of(replaced, "Base.run").param_effects == ()
    # Two overrides: which runs is the object's class (torchdrug's `Task.predict_and_target`
    # from another task's `forward`), which `run`'s summary cannot know.
    assert summary_of(INHERITED + OTHER, "Base.run").param_effects == ()


def test_a_per_step_caller_leaves_the_overrides_to_the_template_methods() -> None:
    # `forward` of a module is per-step code: its overrides' reads are reported in place
    # (`hooks.template_entries`), not again at the base's call.
    source = INHERITED.replace("class Base:", "class Base(torch.nn.Module):").replace(
        "def run(", "def forward(")
    assert summary_of(source, "Base.forward").param_effects == ()


def test_isinstance_with_a_project_class_narrows_to_its_instances() -> None:
    source = """\
class Metric:
    pass

def f(items, t):
    for item in items:
        if isinstance(item, Metric):
            seen(item)
        seen(item)
    if isinstance(t, (Metric, int)):
        seen(t)
"""
    assert probes(source)[:2] == [Instance("m:Metric"), probes(source)[1]]
    first, after, mixed = probes(source)
    assert first == Instance("m:Metric") and after != first and mixed != first


def test_isinstance_with_a_project_class_keeps_a_known_tensor() -> None:
    source = """\
import torch

class Boxes(torch.Tensor):
    pass

def f(x: torch.Tensor):
    if isinstance(x, Boxes):
        seen(x)
"""
    assert probes(source) != [Instance("m:Boxes")]


LIST = """\
import torch
from torch import Tensor

class Metric:
    def __call__(self, y_pred: Tensor, y_true: Tensor):
        raise NotImplementedError

class Recall(Metric):
    def __call__(self, y_pred: Tensor, y_true: Tensor):
        return y_pred.cpu().numpy()

class Metrics:
    def __init__(self, metrics):
        self._metrics = list(metrics)

    def __call__(self, y_pred: Tensor, y_true: Tensor):
        logs = []
        for metric in self._metrics:
            if isinstance(metric, Metric):
                logs.append(metric(y_pred, y_true))
        return logs

def f(metrics: Metrics, x: Tensor):
    return metrics(x.cuda(), x.cuda())
"""


def test_a_call_in_a_loop_under_a_type_test_is_reported_at_the_loop() -> None:
    assert syncs(LIST) == ["SYN101:20"]


def test_a_call_through_self_keeps_the_declared_return() -> None:
    source = """\
import torch

class Base:
    def _head(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    def run(self, x: torch.Tensor):
        seen(self._head(x))

class Head(Base):
    def _head(self, x: torch.Tensor) -> torch.Tensor:
        return x.sum().item()
"""
    assert probes(source) == [TENSOR]


HELD = """\
import abc

import torch
from torch import nn


class Pattern:
    def revert(self, codes: torch.Tensor):
        return codes[..., 1:], codes > 0


class Provider(abc.ABC):
    @abc.abstractmethod
    def get_pattern(self, steps: int) -> Pattern:
        raise NotImplementedError()

    @abc.abstractmethod
    def score(self, x: torch.Tensor) -> float:
        raise NotImplementedError()


class Delayed(Provider):
    def get_pattern(self, steps):
        return self.table[steps]

    def score(self, x: torch.Tensor) -> float:
        return x.sum().item()


class Model(nn.Module):
    def __init__(self, provider: Provider) -> None:
        super().__init__()
        self.head = nn.Linear(8, 8)
        self.provider = provider

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.head(x.cuda())
        pattern = self.provider.get_pattern(3)
        seen(pattern)
        codes, _ = pattern.revert(y)
        if self.provider.score(codes) > 4:
            y = y * 2
        return y
"""


def test_a_call_through_an_attribute_held_from_an_annotated_parameter_dispatches() -> None:
    # `self.provider` holds the abstract `Provider` its constructor was given: the call
    # reaches `Delayed.score`, and the chain names it.
    (finding,) = findings(HELD)
    assert (finding.code, finding.location.row) == ("SYN101", line_of(HELD, "score(codes)"))
    assert "calls `Delayed.score()` in its place" in [r.message for r in finding.related]


def test_a_declared_return_annotation_gives_the_class_the_overrides_do_not_say() -> None:
    assert probes(HELD) == [Instance("m:Pattern")]


def test_an_override_returning_a_subclass_keeps_its_class() -> None:
    source = HELD.replace("        return self.table[steps]",
                          "        return Shifted()").replace(
        "class Provider(abc.ABC):", "class Shifted(Pattern):\n    pass\n\n\n"
                                    "class Provider(abc.ABC):")
    assert probes(source) == [Instance("m:Shifted")]


def test_an_attribute_held_without_an_annotation_reaches_nothing() -> None:
    source = HELD.replace("def __init__(self, provider: Provider)",
                          "def __init__(self, provider)")
    assert findings(source) == []
