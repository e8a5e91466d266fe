"""Solving part of the call graph in a second process (`model/ahead.py`) and the two
lanes it solves (`schedule.two_lanes`): the summaries are the ones a single process
finds, whether the child's evaluations are replayed, rejected or never arrive."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import synclint
from synclint.checking import index_project
from synclint.model import ahead as ahead_module
from synclint.model.project import Project
from synclint.model.schedule import components, two_lanes
from synclint.model.summaries import Summary

SOURCES = sorted(str(path) for path in Path(synclint.__file__).parent.rglob("*.py"))
#: Code with tensors: the precision set's files (and packages), indexed as one tree.
TENSOR_SOURCES = sorted(str(path) for path in (
    Path(__file__).resolve().parents[2] / "benchmarks" / "precision").rglob("*.py"))


def _state(project: Project) -> tuple[Any, ...]:
    """What the fixed point leaves: summaries, class attributes, closures, arguments."""
    return (project.summaries,
            {key: (cls.attributes, cls.attribute_classes)
             for key, cls in project.classes.items()},
            project.closures, project._call_arguments, project.unforeseen)


def _node_kinds(project: Project) -> dict[str, dict[tuple[Any, ...], Any]]:
    """`Project.expression_kinds` with each node named by its place, not its `id`."""
    nodes = {id(node): node for module in project.modules.values() if module.tree
             for node in ast.walk(module.tree)}
    return {key: {(type(nodes[i]).__name__, nodes[i].lineno, nodes[i].col_offset,
                   nodes[i].end_lineno, nodes[i].end_col_offset): value[0]
                  for i, value in last.items() if i in nodes}
            for key, last in project.expression_kinds.items()}


@pytest.fixture(scope="module")
def serial_project() -> Project:
    project = index_project(SOURCES, None)
    assert project is not None and project.replayed == (0, 0)
    return project


@pytest.fixture(scope="module")
def serial(serial_project: Project) -> tuple[Any, ...]:
    return _state(serial_project)


def _parallel(monkeypatch: pytest.MonkeyPatch) -> Project:
    monkeypatch.setattr(ahead_module, "MIN_FUNCTIONS", 0)
    project = index_project(SOURCES, None, parallel=True)
    assert project is not None
    return project


def test_the_childs_evaluations_are_replayed_and_change_nothing(
        serial: tuple[Any, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    project = _parallel(monkeypatch)
    replayed, afresh = project.replayed
    assert replayed > 500 and afresh < replayed / 10
    assert _state(project) == serial


def test_the_childs_node_kinds_come_back_with_its_last_evaluations(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate of a forked lint worker reads the same kinds whichever process made the
    last evaluation (`Project.expression_kinds`, `Ahead.node_kinds`)."""
    received = []
    node_kinds = ahead_module.Ahead.node_kinds

    def counting(self: ahead_module.Ahead, key: str) -> Any:
        found = node_kinds(self, key)
        received.append(found is not None)
        return found

    monkeypatch.setattr(ahead_module.Ahead, "node_kinds", counting)
    monkeypatch.setattr(ahead_module, "MIN_FUNCTIONS", 0)
    project = index_project(TENSOR_SOURCES, None, parallel=True)
    assert project is not None
    serial_project = index_project(TENSOR_SOURCES, None)
    assert serial_project is not None
    assert sum(received) > 100  # the child's kinds were kept, not made again
    expected = _node_kinds(serial_project)
    assert len(expected) > 300
    assert _node_kinds(project) == expected


def test_an_evaluation_that_read_other_summaries_is_not_replayed(
        serial: tuple[Any, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    remember = ahead_module.Ahead.remember

    def misread(self: ahead_module.Ahead, project: Project, function: Any,
                evaluated: Any) -> None:
        remember(self, project, function, evaluated)
        rows = self.rows.get(function.key) if self.rows is not None else None
        if rows and evaluated.callees:
            # as if it had read no callee's summary, and found a wrong one of its own
            row = rows[-1]
            wrong = replace(row[0], summary=Summary(function.key, "wrong"))
            rows[-1] = (wrong, (None,) * len(row[1]), row[2], row[3])

    monkeypatch.setattr(ahead_module.Ahead, "remember", misread)
    project = _parallel(monkeypatch)
    assert project.replayed[1] > 100
    assert _state(project) == serial


def test_a_child_that_sends_nothing_costs_time_only(
        serial: tuple[Any, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> bytes:
        raise MemoryError

    monkeypatch.setattr(ahead_module.pickle, "dumps", fail)
    project = _parallel(monkeypatch)
    replayed, afresh = project.replayed
    assert replayed == 0 and afresh > 500
    assert _state(project) == serial


def test_small_projects_stay_in_one_process(serial: tuple[Any, ...]) -> None:
    project = index_project(SOURCES, None, parallel=True)  # under MIN_FUNCTIONS
    assert project is not None and project.replayed == (0, 0)
    assert _state(project) == serial


def _reach(graph: dict[str, list[str]], start: str) -> set[str]:
    seen: set[str] = set()
    pending = [start]
    while pending:
        node = pending.pop()
        if node not in seen:
            seen.add(node)
            pending.extend(graph[node])
    return seen


@pytest.mark.parametrize("seed", range(20))
def test_two_lanes_order_every_component_once_after_what_it_reads(seed: int) -> None:
    rng = random.Random(seed)
    nodes = [f"f{n}" for n in range(rng.randrange(1, 60))]
    graph = {node: rng.sample(nodes, rng.randrange(0, 4)) for node in nodes}
    ordered = components(graph)
    lanes = two_lanes(graph, ordered)
    assert sorted(map(sorted, lanes.order)) == sorted(map(sorted, ordered))
    position = {key: number for number, component in enumerate(lanes.order)
                for key in component}
    for node, targets in graph.items():
        for target in targets:  # callees first (or the same component)
            assert position[target] <= position[node]
    first = {key for component in lanes.order[:lanes.first] for key in component}
    ahead = {key for component in lanes.ahead for key in component}
    assert first | ahead == set(nodes)
    for lane in (first, ahead):  # each lane holds everything its functions read
        for node in lane:
            assert _reach(graph, node) <= lane
    assert two_lanes(graph, components(graph)) == lanes  # the same split every time


def test_two_independent_halves_go_to_two_lanes() -> None:
    graph = {"a": ["a1"], "a1": ["a2"], "a2": [], "b": ["b1"], "b1": ["b2"], "b2": []}
    lanes = two_lanes(graph, components(graph))
    first = {key for component in lanes.order[:lanes.first] for key in component}
    ahead = {key for component in lanes.ahead for key in component}
    assert sorted(map(sorted, (first, ahead))) == [["a", "a1", "a2"], ["b", "b1", "b2"]]
    assert lanes.first == 3  # the first lane's three components, then the other three


def test_a_child_whose_rows_do_not_unpickle_costs_time_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows the parent cannot read (a truncated or garbled stream) are no rows: every
    evaluation is made afresh, and the summaries are the single process's."""
    serial_project = index_project(TENSOR_SOURCES, None)
    assert serial_project is not None

    def garbled(data: bytes) -> Any:
        raise ahead_module.pickle.UnpicklingError("truncated")

    monkeypatch.setattr(ahead_module, "MIN_FUNCTIONS", 0)
    monkeypatch.setattr(ahead_module.pickle, "loads", garbled)
    project = index_project(TENSOR_SOURCES, None, parallel=True)
    assert project is not None
    replayed, afresh = project.replayed
    assert replayed == 0 and afresh > 100
    assert _state(project) == _state(serial_project)
