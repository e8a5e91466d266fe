"""Property-based fuzzing: for generated programs (from Python's grammar, from LibCST
nodes, and PyTorch-flavoured templates) `check` never crashes and `fix` produces valid,
idempotent code that keeps the findings of the rules it did not fix."""

from __future__ import annotations

import warnings
from pathlib import Path

import hypothesmith
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from synclint.cli import main
from synclint.engine import run_with_big_stack
from tests.robustness.programs import torch_programs
from tests.robustness.properties import check_properties, compile_problem

pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")
# Start the engine's big-stack thread (which raises the recursion limit) before Hypothesis
# records the limit it restores.
run_with_big_stack(lambda: None)
# Derandomised: the suite is reproducible; benchmarks/fuzz.py explores further.
FUZZ = settings(derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


def _assert_holds(source: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarnings of generated code
        failures = check_properties(source)
    assert not failures, "\n\n".join(f.describe() for f in failures) + f"\n--- input ---\n{source}"


@settings(FUZZ, max_examples=40)
@given(hypothesmith.from_grammar())
def test_grammar_programs_never_crash_check_or_fix(source: str) -> None:
    _assert_holds(source)


@settings(FUZZ, max_examples=40)
@given(hypothesmith.from_node())
def test_libcst_node_programs_with_torch_imported_never_crash_check_or_fix(source: str) -> None:
    # `import torch` defeats the prefilter, so LibCST and every rule run over the code.
    _assert_holds("import torch\n" + source)


@settings(FUZZ, max_examples=80)
@given(torch_programs())
def test_torch_programs_fix_to_valid_idempotent_code_keeping_other_findings(
    source: str,
) -> None:
    _assert_holds(source)


@settings(FUZZ, max_examples=15)
@given(torch_programs(), hypothesmith.from_node())
def test_torch_programs_mixed_with_arbitrary_statements_hold_the_properties(
    program: str, other: str,
) -> None:
    _assert_holds(program + "\n" + other)


@settings(FUZZ, max_examples=5)
@given(torch_programs())
def test_cli_fix_of_generated_programs_writes_valid_code_without_internal_errors(
    tmp_path_factory: pytest.TempPathFactory, source: str,
) -> None:
    path = Path(tmp_path_factory.mktemp("cli")) / "generated.py"
    path.write_text(source, encoding="utf-8")
    result = CliRunner().invoke(
        main, ["fix", "--select", "ALL", "--unsafe-fixes", "--no-cache", "-q", str(path)])
    assert result.exit_code in (0, 1), (result.output, result.exception)
    assert "internal error" not in result.output
    assert compile_problem(path.read_text(encoding="utf-8")) is None
    again = CliRunner().invoke(
        main, ["check", "--select", "ALL", "--no-cache", "-q", str(path)])
    assert again.exit_code in (0, 1), again.output


READS_IN_A_TENSOR = """import torch


def f(x: torch.Tensor):
    a = x.float().sum()
    b = x.float().max()
    return torch.tensor([a.item(), float(b)])
"""


def test_a_fix_that_resolves_another_rules_finding_is_not_a_lost_finding() -> None:
    # SYN112's fix reads `a` and `b` in one transfer (both float: their dtypes known); the `torch.tensor([...])` of
    # host reads (SYN110) then holds host numbers only, so that finding goes with it.
    assert check_properties(READS_IN_A_TENSOR, "reads.py") == []


def test_a_finding_lost_without_a_fix_that_resolves_it_is_reported() -> None:
    # Without the resolving table the same fix is reported as losing SYN110.
    import tests.robustness.properties as properties

    saved = dict(properties.RESOLVES)
    properties.RESOLVES.clear()
    try:
        kinds = {f.kind for f in check_properties(READS_IN_A_TENSOR, "reads.py")}
    finally:
        properties.RESOLVES.update(saved)
    assert kinds == {"lost-finding"}
