"""The order the model computes summaries in: components of what functions may read,
callees first, each solved once (synclint/model/schedule.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from synclint.model import project as project_module
from synclint.model.project import Project, build_project
from synclint.model.schedule import components

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"


def project_of(**files: str) -> Project:
    """Files named like `pkg__helpers` become module pkg.helpers."""
    return build_project({f"{name.replace('__', '/')}.py": text for name, text in files.items()},
                         {f"{name.replace('__', '/')}.py": name.replace("__", ".")
                          for name in files})


def test_components_come_callees_first_and_a_cycle_is_one_component() -> None:
    graph = {"main": ("loop",), "loop": ("a",), "a": ("b",), "b": ("a", "leaf"), "leaf": ()}
    assert components(graph) == [["leaf"], ["a", "b"], ["loop"], ["main"]]


def test_components_ignore_edges_to_unknown_nodes_and_keep_isolated_ones() -> None:
    assert components({"f": ("outside",), "g": ()}) == [["f"], ["g"]]


def test_a_long_chain_needs_no_recursion() -> None:
    graph = {f"f{i}": (f"f{i + 1}",) for i in range(20_000)}
    graph["f20000"] = ()
    found = components(graph)
    assert found[0] == ["f20000"] and found[-1] == ["f0"] and len(found) == 20_001


CALLER = """
import torch
from pkg.helpers import to_number

def train(losses):
    for loss in losses:
        to_number(loss)
"""
HELPER = """
def to_number(t):
    return convert(t)

def convert(t):
    return t.item()
"""


@pytest.mark.parametrize("caller_first", [True, False])
def test_a_callers_summary_sees_its_callees_final_summary_whatever_the_file_order(
        caller_first: bool) -> None:
    files = {"pkg__train": CALLER, "pkg__helpers": HELPER}
    if not caller_first:
        files = dict(reversed(list(files.items())))
    project = project_of(**files)
    effects = project.summaries["pkg.helpers:to_number"].param_effects
    assert [(e.name, e.effect.code) for e in effects] == [("t", "SYN101")]
    assert project.unforeseen == 0


def test_every_function_is_evaluated_once_in_a_project_without_cycles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counted: list[str] = []
    original = Project.evaluate_afresh

    def counting(self: Project, function: project_module._Function) -> object:
        counted.append(function.key)
        return original(self, function)

    monkeypatch.setattr(Project, "evaluate_afresh", counting)
    project_of(pkg__train=CALLER, pkg__helpers=HELPER)
    assert sorted(counted) == ["pkg.helpers:convert", "pkg.helpers:to_number",
                               "pkg.train:train"]


FLIP = """
import torch

class Fast:
    def run(self, x):
        return x.item()

class Slow:
    def run(self, x):
        return x

class Trainer:
    def use_fast(self):
        if self.ready:
            self.engine = Fast()

    def use_slow(self):
        if self.ready:
            self.engine = Slow()

    def step(self, x):
        return self.engine.run(x)
"""


def test_an_attribute_assigned_two_classes_reaches_neither_and_the_index_settles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Found as the reason the torch package never finished: the fixed point let the
    # last method evaluated decide the attribute's class, so the two methods flipped
    # it (and re-queued every reader) forever.
    counted: list[str] = []
    original = Project.evaluate_afresh

    def counting(self: Project, function: project_module._Function) -> object:
        counted.append(function.key)
        return original(self, function)

    monkeypatch.setattr(Project, "evaluate_afresh", counting)
    project = project_of(m=FLIP)
    assert project.classes["m:Trainer"].attribute_classes == {}
    assert not project.summaries["m:Trainer.step"].param_effects
    assert len(counted) <= 2 * len(project.functions)


def test_an_attribute_assigned_one_class_reaches_its_method() -> None:
    project = project_of(m=FLIP.replace("self.engine = Slow()", "self.engine = Fast()"))
    assert project.classes["m:Trainer"].attribute_classes == {"engine": "m:Fast"}
    effects = project.summaries["m:Trainer.step"].param_effects
    assert [(e.name, e.effect.code) for e in effects] == [("x", "SYN101")]


ATTRIBUTE_READER = """
import torch

class Model:
    def reader(self, xs):
        for x in xs:
            if self.scale > 0:
                pass

    def writer(self, x):
        self.scale = x.norm()
"""


def test_a_reader_of_an_attribute_is_solved_after_the_method_that_assigns_it() -> None:
    # `reader` comes first in the file; the graph puts `writer` (which makes `scale` a
    # device tensor) before it, so one evaluation of `reader` sees the final kind.
    project = project_of(m=ATTRIBUTE_READER)
    assert [e.code for e in project.summaries["m:Model.reader"].syncs] == ["SYN102"]
    assert project.unforeseen == 0


def _multi_file_cases() -> list[Path]:
    return sorted(p for p in PRECISION.glob("*/*") if p.is_dir())


@pytest.mark.parametrize("case", _multi_file_cases(), ids=lambda p: p.name)
def test_the_graph_foresees_every_read_of_the_whole_program_precision_cases(
        case: Path) -> None:
    sources = {str(path): path.read_text(encoding="utf-8") for path in sorted(case.rglob("*.py"))}
    modules = {name: Path(name).relative_to(case).with_suffix("").as_posix().replace("/", ".")
               for name in sources}
    project = build_project(sources, modules)
    assert project.unforeseen == 0


BUILT = """
import torch

class Tracker:
    def __init__(self):
        self.total = 0.0

    def add(self, value: float) -> None:
        self.total += value

    def over(self) -> bool:
        return self.total > 1e6


def run(values):
    t = Tracker()
    for v in values:
        t.add(v)
    return t.over() or Tracker().over()
"""


def test_a_class_built_in_a_function_and_an_augmented_attribute_are_foreseen() -> None:
    # `t = Tracker()` then `t.add(v)`: the graph reaches `Tracker.add` (the evaluation
    # resolves it through the instance), and `self.total += value` reads `self.total`.
    project = project_of(m=BUILT)
    assert "m:Tracker.add" in project.functions["m:run"].calls
    assert "m:Tracker.over" in project.functions["m:run"].calls
    assert project.unforeseen == 0
