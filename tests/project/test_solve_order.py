"""The fixed point's answer does not depend on the order it visits things in: each
component's worklist and each level's components reversed or shuffled
(`schedule.SOLVE_ORDER`, `SYNCLINT_SOLVE_ORDER` in a process's environment) give the
same summaries, attribute kinds and findings (`benchmarks/solve_order.py` compares
corpora)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from synclint.config import Overrides, resolve_settings
from synclint.files import discover
from synclint.model import schedule
from synclint.model.project import build_project
from synclint.runner import check_paths

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"
ORDERS = (None, "reverse", "shuffle:1", "shuffle:2")

#: `setup` reads `self.table` before any method has assigned it and writes it back:
#: solved first, it read "unknown" where nothing was known yet, and the class's kind of
#: `table` stayed unknown (the finding lost); solved after `resize`, a device tensor.
#: `Rates` is the look-alike: its table holds numbers, silent in every order.
CLASS = """
class {name}:
    def __init__(self, n):
        self.setup()
        self.resize(n)

    def setup(self):
        self.table = {{int(k): v for k, v in self.table.items()}}

    def resize(self, n):
        self.table = {{i: {value} for i in range(n)}}
"""
CONFIG = "import torch\n" + CLASS.format(name="Scales", value='torch.ones(n, device="cuda")') \
    + CLASS.format(name="Rates", value="0.5 * i")

TRAIN = """
import torch

from pkg.config import Rates, Scales


def train(model, batches, scales: Scales):
    for x in batches:
        loss = model(x) * scales.table[0]
        if loss.sum() > 0:
            print("positive")


def tune(model, batches, rates: Rates):
    for x in batches:
        step = rates.table[0]
        if step > 0:
            model(x)
"""

FILES = {"pkg/__init__.py": "", "pkg/config.py": CONFIG, "pkg/train.py": TRAIN}


def _solved(order: str | None) -> tuple[dict[str, str], dict[str, str]]:
    schedule.SOLVE_ORDER = order
    try:
        project = build_project(FILES, {"pkg/__init__.py": "pkg",
                                        "pkg/config.py": "pkg.config",
                                        "pkg/train.py": "pkg.train"})
    finally:
        schedule.SOLVE_ORDER = None
    return ({key: repr(s) for key, s in project.summaries.items()},
            {key: repr(sorted(cls.attributes.items(), key=lambda item: item[0]))
             for key, cls in project.classes.items()})


def test_summaries_and_attribute_kinds_are_the_same_in_every_order() -> None:
    first = _solved(None)
    assert "TENSOR" in first[1]["pkg.config:Scales"]
    assert "TENSOR" not in first[1]["pkg.config:Rates"]
    for order in ORDERS[1:]:
        assert _solved(order) == first, order


def _check(cwd: Path, paths: list[str], order: str | None) -> list[tuple[object, ...]]:
    """The findings of `synclint check --select ALL` of `paths` in this process, solved
    in `order` (one model of all of them, as the command builds)."""
    schedule.SOLVE_ORDER = order
    try:
        settings = resolve_settings([str(cwd / path) for path in paths], None,
                                    Overrides(select=("ALL",)))
        outcomes = check_paths(discover([str(cwd / path) for path in paths], settings),
                               settings, jobs=1)
    finally:
        schedule.SOLVE_ORDER = None
    return [(o.result.filename, d.location.row,
             d.location.column, d.code, d.message)
            for o in outcomes for d in o.result.diagnostics]


def _command(cwd: Path, paths: list[str], order: str | None) -> str:
    command = [sys.executable, "-m", "synclint", "check", "--no-cache", "--select", "ALL",
               "--output-format", "json", "--exit-zero", "--quiet", *paths]
    env = {key: value for key, value in os.environ.items() if key != "SYNCLINT_SOLVE_ORDER"}
    if order is not None:
        env["SYNCLINT_SOLVE_ORDER"] = order
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout


def _write(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)


def test_a_small_project_gives_the_same_findings_in_every_order(tmp_path: Path) -> None:
    _write(tmp_path)
    first = _check(tmp_path, ["pkg"], None)
    assert [(Path(name).as_posix().endswith("pkg/train.py"), row, code)
            for name, row, _, code, _ in first] == [(True, 10, "SYN102")]
    for order in ORDERS[1:]:  # the look-alike (`tune`) is silent in every order
        assert _check(tmp_path, ["pkg"], order) == first, order


def test_the_environment_switch_reaches_a_check_command(tmp_path: Path) -> None:
    _write(tmp_path)
    found = json.loads(_command(tmp_path, ["pkg"], "reverse"))
    assert [(f["filename"], f["location"]["row"], f["code"]) for f in found] == \
        [("pkg/train.py", 10, "SYN102")]


def test_the_multi_file_precision_cases_give_the_same_findings_reversed() -> None:
    cases = sorted(str(path.relative_to(PRECISION)) for folder in ("positive", "negative")
                   for path in (PRECISION / folder).iterdir() if path.is_dir())
    assert len(cases) > 100
    first = _check(PRECISION, cases, None)
    assert len(first) > 100
    assert _check(PRECISION, cases, "reverse") == first


def test_an_unknown_order_is_refused() -> None:
    schedule.SOLVE_ORDER = "sideways"
    try:
        with pytest.raises(ValueError, match="SYNCLINT_SOLVE_ORDER"):
            schedule.permuted(["a", "b"])
    finally:
        schedule.SOLVE_ORDER = None
