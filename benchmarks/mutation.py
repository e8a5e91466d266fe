"""Mutation testing: how many mutants of synclint's code the tests kill.

Usage: python benchmarks/mutation.py [--scope SCOPE] [--files PATH ...]
                                     [--tests PATH ...] [--workdir DIR] [--jobs N]
                                     [--sample N] [--seed S] [--timeout-constant S]
                                     [--timeout-multiplier M] [--retry-timeouts S]
                                     [--report-only | --rerun]

Copies the checkout (tracked and untracked, not ignored, files) to a work directory, runs
mutmut (`pip install mutmut`, 3.x) there over the given files with the given tests, then
prints per file the mutants tested, killed, timed out, survived and the rest, the kill rate
(killed over all mutants tested: a timeout is never a kill), and the names of the mutants not
killed (`mutmut show NAME` in the work directory prints each one's diff); mutants not run yet
("not checked", e.g. after an interrupted run) are left out of the counts.
`--report-only` reads the results of an earlier run in the same work directory. `--rerun`
copies the checkout's tests into that work directory again and re-runs the mutants the earlier
run did not kill (survived, timed out, no tests): after adding tests, it gives the new count
without testing again the mutants already killed (tests are only added, so they stay killed).
A changed --timeout-constant makes mutmut forget its timeouts: a `--rerun` stopped before the
end leaves those it did not reach "not checked", outside the counts (keep the first report).

Scopes (`--scope`, default fixes): each names the modules it mutates and the tests that cover
them: `fixes` (synclint/fixes/), `analysis` (synclint/analysis/), `runtime`
(synclint/runtime/), `join` (synclint/join.py), `verify` (synclint/verify.py), `notebook`
(synclint/notebook.py), `cli` (synclint/cli.py), `rules` (synclint/rules/) and `model`
(synclint/model/: the model's own tests, tests/model, the in-process whole-program
tests, the two rule tests that ask the model directly, and the gate's agreement on the rule
examples); `areas` is
the last six in one run (each area's tests together; `--sample N` then takes N mutants of each
area, and the report adds a line per area). mutmut runs,
for each mutant, only the tests that called the mutated function. `--sample N` tests a seeded
random sample of N mutants instead of all of them (all of `fixes/` is about 5,700 mutants:
hours on two shared cores); with a sample, the overall line gives a 95% (Wilson) interval for
the rate over all mutants. 400 mutants bound it within +-5% whatever the rate. Exits 1 when the
overall kill rate is below --target.

mutmut stops a mutant's tests after (their measured time + --timeout-constant) x
--timeout-multiplier seconds of wall time (default 5; mutmut's own is 15), or twice that in
CPU seconds, and calls it a timeout. mutmut counts a timeout as a kill; this script does not: a
timeout is a mutant whose tests did not finish, which says nothing about whether they would
have failed. Timed-out mutants (and those whose test process was killed by a signal, which a
CPU limit also causes) are run again with `--retry-timeouts` seconds as the constant (default
30; 0 skips the retry); those that time out again are reported apart, outside the kills.
The default constant is 10 s (mutmut's own is 1), so that a loaded machine's start-up of a
forked test run is not taken for a hang.

mutmut forks every mutant's run from a process that has imported synclint and run the tests
once: code run at import (click's options in cli._lint_options) or whose effect that process
keeps is never run mutated, and its mutants survive whatever the tests.
`benchmarks/fresh_mutants.py --workdir DIR` tests those survivors again in a fresh process;
report its kills apart.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The rule tests that run fixes (they compare fixed text), besides tests/fixes and tests/fixer.
FIXING_RULE_TESTS = tuple(f"tests/linter/test_{name}.py" for name in (
    "builtin_over_tensors", "cat_then_reduce", "device_synchronize", "float32_squared_norm",
    "hidden_sync_call", "host_to_device", "library_facts", "per_element_device_move",
    "select_where", "separate_host_reads", "sync_in_logging", "tensor_condition"))
#: The whole-program tests that ask the model in-process (the command-line, language-server
#: and cache tests run it again through subprocesses and the CLI: slow per mutant, and
#: mutmut's in-process clean run of them ends in a usage error).
MODEL_PROJECT_TESTS = tuple(f"tests/project/test_{name}.py" for name in (
    "index", "index_cache", "schedule", "data_literals", "whole_program_rules",
    "library_roles", "fresh3_roles", "fresh4_roles", "list_arguments",
    "fresh5_roles", "fresh6_roles", "fresh9_roles", "fresh11_roles", "metric_roles",
    "template_roles", "training_runs", "worth_chain_once", "worth_experience_hooks",
    "solve_order"))
#: Rule tests that ask the model itself (build_project, model.defaults) besides the rules.
MODEL_RULE_TESTS = ("tests/linter/test_loader_loop_model.py",
                    "tests/linter/test_opt_in_expanded.py")
#: The model's gate (model/candidates.py) is tested by what it must never change: every
#: rule example's findings with the gate and without it (the repository-file half of that
#: test lints hundreds of files per mutant).
GATE_TEST = "tests/speed/test_prefilter.py::test_prefilter_agrees_with_full_parse_on_rule_example"
#: scope -> (the modules or packages it mutates, the tests that cover them).
SCOPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "fixes": (("synclint/fixes",), ("tests/fixes", "tests/fixer", *FIXING_RULE_TESTS)),
    "analysis": (("synclint/analysis",), ("tests/linter", "tests/project")),
    # runtime/dynamo.py reads Dynamo's logs for `synclint profile --compile`.
    "runtime": (("synclint/runtime",), ("tests/runtime", "tests/telemetry",
                                         "tests/compile/test_profile_compile.py")),
    "join": (("synclint/join.py",), ("tests/join",)),
    "verify": (("synclint/verify.py",), ("tests/join",)),
    "notebook": (("synclint/notebook.py",), ("tests/cli",)),
    "cli": (("synclint/cli.py",), ("tests/cli", "tests/join", "tests/project/test_cli.py",
                                   "tests/integrations/test_adoption.py")),
    # Rules carry their fixes: the fixer's tests exercise them too.
    "rules": (("synclint/rules",), ("tests/linter", "tests/project", "tests/fixes",
                                     "tests/fixer")),
    "model": (("synclint/model",), ("tests/model", *MODEL_PROJECT_TESTS, *MODEL_RULE_TESTS,
                                    "tests/compile/test_regions.py", GATE_TEST)),
}
#: Issue 26's areas, mutated in one mutmut run (one clean run and one stats run of the tests
#: for all of them, where six scopes would run tests/join three times): `--scope areas`.
AREAS = ("runtime", "join", "verify", "notebook", "cli", "rules")
_AREA_TESTS = tuple(dict.fromkeys(test for area in AREAS for test in SCOPES[area][1]))
SCOPES["areas"] = (
    tuple(module for area in AREAS for module in SCOPES[area][0]),
    # A file inside a folder also listed would be collected twice.
    tuple(test for test in _AREA_TESTS
          if not any(test.startswith(folder + "/") for folder in _AREA_TESTS)),
)
#: Written at the root of the work directory: mutmut calls every mutated function through a
#: trampoline in its own package, which the runtime harness would take for the user's code
#: (the first frame outside torch and synclint) and report as the site of every sync.
HARNESS_CONFTEST = '''"""Written by benchmarks/mutation.py: mutmut's trampolines are not user code."""
import os

import mutmut.mutation.trampoline as _trampoline
import pytest

from synclint.runtime import events as _events

if isinstance(_events._RUNTIME_DIR, str):  # once, however often pytest loads this file
    _events._RUNTIME_DIR = (_events._RUNTIME_DIR,
                            os.path.dirname(_trampoline.__file__) + os.sep)


@pytest.fixture(autouse=True)
def _subprocesses_run_unmutated_code():
    """A process a test starts inherits MUTANT_UNDER_TEST, and mutmut's trampolines there
    look for its configuration in the test's directory and fail: keep the mutant's name in
    this process only, so started processes run synclint as it is."""
    name = os.environ.pop("MUTANT_UNDER_TEST", None)
    if name is not None:
        _trampoline._mutant_under_test = name
    yield
'''
#: Tests left out of a scope's runs. One profiles a subprocess, where the generated conftest
#: (HARNESS_CONFTEST) does not apply, so mutmut's trampoline shows as the sync site there.
#: test_real_ctrl_c_exits_130_without_traceback sends SIGINT 1.5 s after starting a process:
#: on a loaded machine it lands before Python's handler exists (or after the run ended).
CTRL_C_TEST = "tests/cli/test_errors.py::test_real_ctrl_c_exits_130_without_traceback"
#: A profiled script that sends itself SIGINT: mutmut's runner ignores SIGINT, and a child
#: inherits the ignored signal, so the script runs to its end and exits 0 there.
SELF_SIGINT_TEST = ("tests/runtime/test_profile_environment.py::"
                    "test_ctrl_c_exits_130_with_the_syncs_so_far_and_no_traceback")
#: Under mutmut's clean run (not in plain pytest, nor in its mutants directory) the README's
#: `profile --compile` table comes out with other counts per break: the test compares it whole.
README_BREAKS_TEST = ("tests/compile/test_profile_compile.py::"
                      "test_every_break_of_the_example_is_joined_and_the_readme_shows_it")
#: tests/model/test_ahead.py's tests that index synclint's own source (`SOURCES`): in
#: mutmut's copy that source holds every mutant as one more function (some 15,000), so the
#: "small" project is past `ahead.MIN_FUNCTIONS` (test_small_projects_stay_in_one_process
#: fails in the clean run) and each index takes many minutes under mutmut's statistics.
#: The file's other tests (precision files, two_lanes) still test ahead.py and schedule.
AHEAD_SOURCE_TESTS = tuple(f"tests/model/test_ahead.py::{name}" for name in (
    "test_the_childs_evaluations_are_replayed_and_change_nothing",
    "test_an_evaluation_that_read_other_summaries_is_not_replayed",
    "test_a_child_that_sends_nothing_costs_time_only",
    "test_small_projects_stay_in_one_process"))
DESELECTED: dict[str, tuple[str, ...]] = {
    "model": AHEAD_SOURCE_TESTS,
    "runtime": ("tests/runtime/test_profile_command.py::test_a_real_process_passes_the_exit_code",
                SELF_SIGINT_TEST, README_BREAKS_TEST),
    "notebook": (CTRL_C_TEST,),
    # Under mutmut's stats run with cli.py mutated, the profile tests see absolute paths
    # where the plain run shows relative ones; they test `synclint profile`, not cli.py.
    "cli": (CTRL_C_TEST, "tests/join/test_profile_sites.py"),
}
DESELECTED["areas"] = tuple(dict.fromkeys(t for area in AREAS for t in DESELECTED.get(area, ())))
#: mutmut's statuses that count as killed in its own score; this script counts only "killed".
KILLED = ("killed",)
#: Statuses whose tests did not finish: run again with a longer limit, never counted as kills.
UNFINISHED = ("timeout", "segfault")


def _toml_list(items: list[str] | tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def copy_checkout(workdir: Path, under: str = "") -> None:
    """The checkout's tracked and untracked (not ignored) files, or those `under` a folder."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             *([under] if under else [])],
                            cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for name in listed.splitlines():
        source = ROOT / name
        if source.is_file():
            target = workdir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def prepare(workdir: Path, files: list[str], tests: list[str], jobs: int,
            timeout_constant: float, deselect: tuple[str, ...] = (),
            timeout_multiplier: float = 5.0) -> None:
    if workdir.exists():
        shutil.rmtree(workdir)
    copy_checkout(workdir)
    pytest_args = ["-p", "no:cacheprovider", "-q", "-x", *(f"--deselect={t}" for t in deselect)]
    config = (
        "\n[tool.mutmut]\n"
        'source_paths = ["synclint"]\n'
        'also_copy = ["rules", "benchmarks", "examples", "README.md", "conftest.py", '
        '".pre-commit-hooks.yaml", ".ci"]\n'
        f"only_mutate = {_toml_list(files)}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
        f"pytest_add_cli_args = {_toml_list(pytest_args)}\n"
        f"timeout_constant = {timeout_constant}\n"
        f"timeout_multiplier = {timeout_multiplier}\n"
    )
    with (workdir / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(config)
    (workdir / "conftest.py").write_text(HARNESS_CONFTEST, encoding="utf-8")


def _set_timeout_constant(pyproject: Path, seconds: float) -> None:
    """Timeouts are tested again under the new limit (mutmut resets them when it changes)."""
    lines = [line for line in pyproject.read_text(encoding="utf-8").splitlines()
             if not line.startswith("timeout_constant = ")]
    at = lines.index("[tool.mutmut]") + 1
    lines.insert(at, f"timeout_constant = {seconds}")
    pyproject.write_text("\n".join(lines) + "\n", encoding="utf-8")


#: mutmut forks each mutant's test run from a process that already ran torch: with more than
#: one OpenMP thread the forked child deadlocks in torch's thread pool (a futex wait that no
#: CPU limit ends), and the mutant is reported as a timeout. One thread makes forks safe.
MUTMUT_ENV = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _mutmut_run(jobs: int) -> list[str]:
    # mutmut reads the number of workers from the command line only (its default is every
    # core); `max_children` in pyproject.toml is ignored by mutmut 3.
    return [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs)]


def all_mutants(workdir: Path) -> list[str]:
    """Every mutant mutmut generated (it generates them, then finds no mutant so named)."""
    subprocess.run([sys.executable, "-m", "mutmut", "run", "generate-only-no-such-mutant"],
                   cwd=workdir, env=MUTMUT_ENV, check=False, capture_output=True)
    names: list[str] = []
    for meta in sorted((workdir / "mutants").rglob("*.py.meta")):
        names.extend(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return names


def results(workdir: Path) -> dict[str, str]:
    """mutant name -> status, for every mutant mutmut tested."""
    output = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"],
                            cwd=workdir, capture_output=True, text=True, check=True).stdout
    found: dict[str, str] = {}
    for line in output.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scope", choices=sorted(SCOPES), default="fixes",
                        help="the package to mutate and its tests, when --files/--tests are not "
                             "given")
    parser.add_argument("--files", nargs="+", help="modules to mutate (default: the scope's)")
    parser.add_argument("--tests", nargs="+", help="tests to run (default: the scope's)")
    parser.add_argument("--workdir", type=Path,
                        help="where the copy is mutated (default /tmp/synclint-mutation-SCOPE)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--target", type=float, default=80.0)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout-constant", type=float, default=10.0)
    parser.add_argument("--timeout-multiplier", type=float, default=5.0,
                        help="mutmut's wall-clock limit per mutant is (the tests' measured time "
                             "+ the constant) x this (mutmut's default 15 lets a deadlocked "
                             "mutant hold the only job for many minutes)")
    parser.add_argument("--retry-timeouts", type=float, default=30.0, metavar="SECONDS",
                        help="run timed-out mutants again with this timeout constant "
                             "(0: no retry); those still unfinished are reported apart")
    parser.add_argument("--more", action="store_true",
                        help="with --sample: test another sample (another --seed) in the work "
                             "directory of an earlier run, keeping its mutants and the tests' "
                             "statistics; the report covers this sample only")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--report-only", action="store_true")
    mode.add_argument("--rerun", action="store_true",
                      help="re-run the mutants an earlier run in --workdir did not kill, with "
                           "the checkout's current tests")
    args = parser.parse_args(argv)
    packages, tests = SCOPES[args.scope]
    if not args.files:
        args.files = sorted(_modules(packages))
    args.tests = args.tests or list(tests)
    args.workdir = args.workdir or Path(f"/tmp/synclint-mutation-{args.scope}")
    chosen: list[str] = []
    if args.rerun:
        again = sorted(n for n, s in results(args.workdir).items()
                       if s not in ("killed", "not checked", "skipped"))
        copy_checkout(args.workdir, "tests")
        _set_timeout_constant(args.workdir / "pyproject.toml", args.timeout_constant)
        print(f"re-running {len(again)} mutants not killed before", flush=True)
        subprocess.run([*_mutmut_run(args.jobs), *again], cwd=args.workdir,
                       env=MUTMUT_ENV, check=False)
    elif not args.report_only:
        if not (args.more and args.workdir.exists()):
            prepare(args.workdir, args.files, args.tests, args.jobs, args.timeout_constant,
                    DESELECTED.get(args.scope, ()), args.timeout_multiplier)
        if args.sample:
            names = all_mutants(args.workdir)
            chosen = _sample(names, args.sample, args.seed, args.scope == "areas")
            print(f"sample: {len(chosen)} of {len(names)} mutants, seed {args.seed}"
                  f"{' (per area)' if args.scope == 'areas' else ''}", flush=True)
        subprocess.run([*_mutmut_run(args.jobs), *chosen], cwd=args.workdir,
                       env=MUTMUT_ENV, check=False)
    statuses = results(args.workdir)
    if args.retry_timeouts and not args.report_only:
        unfinished = sorted(n for n, s in statuses.items() if s in UNFINISHED
                            and (not chosen or n in chosen))
        if unfinished:
            print(f"re-running {len(unfinished)} timed-out mutants with a timeout constant of "
                  f"{args.retry_timeouts:g} s", flush=True)
            _set_timeout_constant(args.workdir / "pyproject.toml", args.retry_timeouts)
            subprocess.run([*_mutmut_run(args.jobs), *unfinished],
                           cwd=args.workdir, env=MUTMUT_ENV, check=False)
            statuses = results(args.workdir)
    if chosen:
        statuses = {name: statuses[name] for name in chosen if name in statuses}
    by_file: dict[str, Counter[str]] = {}
    for name, status in statuses.items():
        module = _module_of(name)
        by_file.setdefault(module, Counter())[status] += 1
    total: Counter[str] = Counter()
    for module, counts in sorted(by_file.items()):
        total += counts
        print(f"{module}: {_line(counts)}")
    print(f"overall: {_line(total)}")
    if args.scope == "areas":
        for area, counts in _by_area(by_file).items():
            interval = f"; 95% interval {_interval(counts)}" if args.sample else ""
            print(f"area {area}: {_line(counts)}{interval}")
    if args.sample:
        print(f"  95% interval over all mutants (a sample, seed {args.seed}): {_interval(total)}")
    survivors = sorted(n for n, s in statuses.items() if s not in (*KILLED, "not checked"))
    for name in survivors:
        print(f"  {statuses[name]}: {name}")
    tested = _tested(total)
    rate = 100.0 * total["killed"] / tested if tested else 0.0
    return 0 if rate >= args.target else 1


def area_of(module: str) -> str:
    """The issue-26 area of a mutated module (`synclint.rules.base` -> rules)."""
    for area in AREAS:
        for package in SCOPES[area][0]:
            dotted = package.removesuffix(".py").replace("/", ".")
            if module == dotted or module.startswith(dotted + "."):
                return area
    return "other"


def _module_of(name: str) -> str:
    return name.split(".x", 1)[0].split(".x_", 1)[0]


def _sample(names: list[str], size: int, seed: int, per_area: bool) -> list[str]:
    """A seeded random sample of `size` mutants, or of `size` in each area."""
    rng = random.Random(seed)
    if not per_area:
        return sorted(rng.sample(names, min(size, len(names))))
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(area_of(_module_of(name)), []).append(name)
    return sorted(name for area in sorted(groups)
                  for name in rng.sample(groups[area], min(size, len(groups[area]))))


def _by_area(by_file: dict[str, Counter[str]]) -> dict[str, Counter[str]]:
    areas: dict[str, Counter[str]] = {}
    for module, counts in by_file.items():
        areas.setdefault(area_of(module), Counter()).update(counts)
    return dict(sorted(areas.items()))


def _modules(packages: tuple[str, ...]) -> list[str]:
    """The modules a scope mutates: files as given, packages' modules but __init__.py."""
    found = []
    for package in packages:
        path = ROOT / package
        if path.is_file():
            found.append(package)
        else:
            found.extend(str(p.relative_to(ROOT)) for p in path.glob("*.py")
                         if p.name != "__init__.py")
    return found


def _tested(counts: Counter[str]) -> int:
    return sum(counts.values()) - counts["skipped"] - counts["not checked"]


def _line(counts: Counter[str]) -> str:
    """Mutants tested, killed and the kill rate (timeouts are not kills), timeouts apart,
    and the other statuses; mutmut's own figure (timeouts as kills) last, for comparison."""
    tested = _tested(counts)
    killed = counts["killed"]
    unfinished = sum(counts[s] for s in UNFINISHED)
    rate = f"{100.0 * killed / tested:.1f}%" if tested else "-"
    mutmuts = f"{100.0 * (killed + counts['timeout']) / tested:.1f}%" if tested else "-"
    rest = ", ".join(f"{s} {n}" for s, n in sorted(counts.items())
                     if s not in (*KILLED, *UNFINISHED) and s != "not checked")
    return (f"{tested} mutants, killed {killed} ({rate}), timed out {unfinished} (not kills)"
            f"{', ' + rest if rest else ''}; mutmut's rate with timeouts as kills {mutmuts}")


def _interval(counts: Counter[str]) -> str:
    """The Wilson 95% interval for the kill rate (timeouts are not kills)."""
    low, high = _wilson(counts["killed"], _tested(counts))
    return f"{100 * low:.1f}%-{100 * high:.1f}%"


def _wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


if __name__ == "__main__":
    sys.exit(main())
