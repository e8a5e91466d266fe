"""Mutation fuzzing (a bounded, seeded sample; benchmarks/mutate.py runs all of it):
real sources with lines and tokens deleted, duplicated and swapped never crash `check`
or `fix`, and `fix` never produces code that does not parse."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from tests.robustness.mutations import OPERATORS, ROOT, corpus, mutate
from tests.robustness.properties import check_properties, compile_problem

pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")

#: The share of the corpus's sources mutated (about 160 and 40 of its ~1,350 small files):
#: fixed, so that the sample of a source never depends on how many others there are.
LIBRARY_SHARE = 0.12
CLI_SHARE = 0.03


def _small_sources() -> list[tuple[str, str]]:
    return [(name, source) for name, source in corpus() if len(source) <= 12_000]


def _mutants(share: float, seed: int) -> list[tuple[str, str]]:
    """A `share` of the sources, each drawn and mutated by a generator seeded with its own
    name: a file added to the corpus (a new test, a precision case) adds or not its own
    mutants and leaves every other one as it was."""
    mutants = []
    for name, source in _small_sources():
        rng = random.Random(f"{seed}:{name}")
        if rng.random() < share:
            mutants.append((name, mutate(source, rng)))
    return mutants


def test_a_source_added_to_the_corpus_leaves_the_other_mutants_as_they_were(
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = dict(_mutants(LIBRARY_SHARE, seed=8))
    grown = [*_small_sources(), ("tests/zz_new.py", "import torch\nx = torch.ones(2)\n")]
    monkeypatch.setattr(sys.modules[__name__], "_small_sources", lambda: grown)
    after = dict(_mutants(LIBRARY_SHARE, seed=8))
    assert {k: v for k, v in after.items() if k != "tests/zz_new.py"} == before
    expected = LIBRARY_SHARE * len(grown)
    assert expected * 0.7 < len(before) < expected * 1.3


def test_corpus_holds_examples_tests_precision_snippets_and_rule_examples() -> None:
    names = [name for name, _ in corpus()]
    assert any(name.startswith("examples/") for name in names)
    assert any(name.startswith("tests/") for name in names)
    assert any(name.startswith("benchmarks/precision/") for name in names)
    assert any("-example-" in name for name in names)


@pytest.mark.parametrize("operator", OPERATORS)
def test_each_mutation_operator_changes_some_source(operator: str) -> None:
    from tests.robustness.mutations import _mutate_once

    source = "import torch\nfor p in ps:\n    x = p.item()\n"
    rng = random.Random(0)
    assert any(_mutate_once(source, rng, operator) != source for _ in range(20))


def test_mutants_never_crash_check_or_fix_and_fixes_parse() -> None:
    problems: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, source in _mutants(LIBRARY_SHARE, seed=8):
            for failure in check_properties(source, "mutant.py", idempotence=False):
                problems.append(f"{name}: {failure.describe()}\n--- input ---\n{source}")
    assert not problems, "\n\n".join(problems[:5])


def test_cli_fix_of_mutants_writes_only_code_that_compiles(tmp_path: Path) -> None:
    mutants = _mutants(CLI_SHARE, seed=9)
    paths = []
    for index, (_, source) in enumerate(mutants):
        path = tmp_path / f"mutant_{index}.py"
        path.write_text(source, encoding="utf-8")
        paths.append(path)
    process = subprocess.run(
        [sys.executable, "-m", "synclint", "fix", "--select", "ALL", "--unsafe-fixes",
         "--no-cache", "-q", str(tmp_path)], capture_output=True, text=True, timeout=300,
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.returncode in (0, 1), process.stderr[-3000:]
    assert "internal error" not in process.stderr and "Traceback" not in process.stderr
    for path, (name, source) in zip(paths, mutants):
        text = path.read_text(encoding="utf-8")
        if text != source and compile_problem(source) is None:
            assert compile_problem(text) is None, f"{name}: the CLI wrote invalid code"
