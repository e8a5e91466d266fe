"""The summary's hint about hidden findings (issue 22, worth42): a run whose findings sit in
opt-in or once code says how many it hid and which flag shows them, as ruff names its
hidden fixes; cold and warm runs print the same, JSON keeps its shape, and hidden findings
never change the exit code."""

from __future__ import annotations

import json

from tests.cli.conftest import NAIVE, Cli
from tests.cli.test_once_option import ONCE
from tests.cli.test_opt_in_option import OPT_IN

HINT_OPT_IN = "1 finding in opt-in code is hidden (use `--opt-in` to show it)."
HINT_BOTH = "2 findings in opt-in or once code are hidden (use `--opt-in` / `--once` to show them)."


def test_a_run_with_only_opt_in_findings_says_they_are_hidden(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    result = cli("check", "--no-cache", "stats.py")
    assert result.exit_code == 0  # hidden findings never fail the run
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["All checks passed!", HINT_OPT_IN]


def test_both_tiers_are_counted_together_and_named(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("io.py", ONCE)
    result = cli("check", "--no-cache", "stats.py", "io.py")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["All checks passed!", HINT_BOTH]


def test_a_flag_that_shows_a_tier_leaves_only_the_other_in_the_hint(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("io.py", ONCE)
    result = cli("check", "--no-cache", "--opt-in", "stats.py", "io.py")
    assert result.exit_code == 1  # the opt-in finding is shown, so it counts
    assert result.stderr.splitlines()[-1] == (
        "1 finding in once code is hidden (use `--once` to show it).")
    shown = cli("check", "--no-cache", "--opt-in", "--once", "stats.py", "io.py")
    assert "hidden (use" not in shown.stderr


def test_the_hint_follows_the_findings_line(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("naive.py", NAIVE)
    result = cli("check", "--no-cache", "stats.py", "naive.py")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == "Found 1 error."
    assert lines[-1] == HINT_OPT_IN


def test_a_warm_run_prints_the_same_hint(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    cli.write("io.py", ONCE)
    cold = cli("check", "stats.py", "io.py")
    warm = cli("check", "stats.py", "io.py")
    assert cold.stderr.splitlines() == warm.stderr.splitlines() == [
        "All checks passed!", HINT_BOTH]
    assert cold.exit_code == warm.exit_code == 0


def test_json_output_is_unchanged_by_hidden_findings(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    for flags in (("--no-cache",), (), ()):  # cold without cache, cold, warm
        result = cli("check", "--output-format", "json", *flags, "stats.py")
        assert result.exit_code == 0
        assert json.loads(result.stdout) == []
        assert "hidden" not in result.output


def test_a_suppressed_hidden_finding_is_not_counted(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN.replace(".item()\n", ".item()  # noqa: SYN101\n"))
    result = cli("check", "--no-cache", "stats.py")
    assert result.stderr.splitlines() == ["All checks passed!"]
    assert cli("check", "--no-cache", "--opt-in", "stats.py").exit_code == 0


def test_quiet_prints_no_hint(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    result = cli("check", "--no-cache", "--quiet", "stats.py")
    assert result.exit_code == 0
    assert result.output == ""


def test_fix_reports_the_hint_of_the_final_text(cli: Cli) -> None:
    cli.write("stats.py", OPT_IN)
    result = cli("fix", "--no-cache", "stats.py")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["All checks passed!", HINT_OPT_IN]


def test_stdin_counts_its_hidden_findings(cli: Cli) -> None:
    result = cli("check", "-", "--stdin-filename", "stats.py", input=OPT_IN)
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["All checks passed!", HINT_OPT_IN]
