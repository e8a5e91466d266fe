"""Mutation testing: how many mutants of the fixer's (or the analysis') code the tests kill.

Usage: python benchmarks/mutation.py [--scope fixes|analysis|model] [--files PATH ...]
                                     [--tests PATH ...] [--workdir DIR] [--jobs N]
                                     [--sample N] [--seed S] [--timeout-constant S]
                                     [--report-only | --rerun]

Copies the checkout (tracked and untracked, not ignored, files) to a work directory, runs
mutmut (`pip install mutmut`, 3.x) there over the given files with the given tests, then
prints per file the killed / survived / other counts and the kill rate as mutmut counts it
(killed + timeout over all mutants tested), the rate without timeouts, and the names of the
surviving mutants (`mutmut show NAME` in the work directory prints each one's diff); mutants
not run yet ("not checked", e.g. after an interrupted run) are left out of the counts.
`--report-only` reads the results of an earlier run in the same work directory. `--rerun`
copies the checkout's tests into that work directory again and re-runs the mutants the earlier
run did not kill (survived, timed out, no tests): after adding tests, it gives the new count
without testing again the mutants already killed (tests are only added, so they stay killed).
A changed --timeout-constant makes mutmut forget its timeouts: a `--rerun` stopped before the
end leaves those it did not reach "not checked", outside the counts (keep the first report).

`--scope fixes` (the default) mutates every module of `synclint/fixes/` and runs the fixer's
tests plus the rule tests that apply fixes; `--scope analysis` mutates `synclint/analysis/`
and runs the rule and whole-program tests; `--scope model` mutates `synclint/model/` (the one
inference) and runs the model's own tests (tests/model: its facts asked directly) and the
in-process whole-program tests. mutmut runs, for each mutant, only the tests that
called the mutated function. `--sample N` tests a seeded random sample of N mutants instead of
all of them (all of `fixes/` is about 5,700 mutants: hours on two shared cores); with a sample,
the overall line gives a 95% (Wilson) interval for the rate over all mutants. 400 mutants
bound it within +-5% whatever the rate. Exits 1 when the overall kill rate is below --target.

mutmut stops a mutant's tests after (their measured time + --timeout-constant) x 15 seconds of
wall time and calls it a timeout (killed, in its count). On a loaded machine a forked test run's
start-up alone can exceed that for fast tests: the default constant is 10 s (mutmut's own is 1),
so that a timeout means a mutant that really hangs.
"""

from __future__ import annotations

import argparse
import json
import math
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
    "index", "schedule", "data_literals", "whole_program_rules"))
SCOPES = {
    "fixes": ("synclint/fixes", ("tests/fixes", "tests/fixer", *FIXING_RULE_TESTS)),
    "analysis": ("synclint/analysis", ("tests/linter", "tests/project")),
    "model": ("synclint/model", ("tests/model", *MODEL_PROJECT_TESTS,
                                 "tests/compile/test_regions.py")),
}
#: mutmut's statuses that count as killed in its own score.
KILLED = ("killed", "timeout")


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
            timeout_constant: float) -> None:
    if workdir.exists():
        shutil.rmtree(workdir)
    copy_checkout(workdir)
    config = (
        "\n[tool.mutmut]\n"
        'source_paths = ["synclint"]\n'
        'also_copy = ["rules", "benchmarks", "examples", "README.md"]\n'
        f"only_mutate = {_toml_list(files)}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]\n'
        f"max_children = {jobs}\n"
        f"timeout_constant = {timeout_constant}\n"
    )
    with (workdir / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(config)


def _set_timeout_constant(pyproject: Path, seconds: float) -> None:
    """Timeouts are tested again under the new limit (mutmut resets them when it changes)."""
    lines = [line for line in pyproject.read_text(encoding="utf-8").splitlines()
             if not line.startswith("timeout_constant = ")]
    at = lines.index("[tool.mutmut]") + 1
    lines.insert(at, f"timeout_constant = {seconds}")
    pyproject.write_text("\n".join(lines) + "\n", encoding="utf-8")


def all_mutants(workdir: Path) -> list[str]:
    """Every mutant mutmut generated (it generates them, then finds no mutant so named)."""
    subprocess.run([sys.executable, "-m", "mutmut", "run", "generate-only-no-such-mutant"],
                   cwd=workdir, check=False, capture_output=True)
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
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--report-only", action="store_true")
    mode.add_argument("--rerun", action="store_true",
                      help="re-run the mutants an earlier run in --workdir did not kill, with "
                           "the checkout's current tests")
    args = parser.parse_args(argv)
    package, tests = SCOPES[args.scope]
    if not args.files:
        args.files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / package).glob("*.py")
                            if p.name != "__init__.py")
    args.tests = args.tests or list(tests)
    args.workdir = args.workdir or Path(f"/tmp/synclint-mutation-{args.scope}")
    chosen: list[str] = []
    if args.rerun:
        again = sorted(n for n, s in results(args.workdir).items()
                       if s not in ("killed", "not checked", "skipped"))
        copy_checkout(args.workdir, "tests")
        _set_timeout_constant(args.workdir / "pyproject.toml", args.timeout_constant)
        print(f"re-running {len(again)} mutants not killed before", flush=True)
        subprocess.run([sys.executable, "-m", "mutmut", "run", *again], cwd=args.workdir,
                       check=False)
    elif not args.report_only:
        prepare(args.workdir, args.files, args.tests, args.jobs, args.timeout_constant)
        if args.sample:
            names = all_mutants(args.workdir)
            chosen = sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
            print(f"sample: {len(chosen)} of {len(names)} mutants, seed {args.seed}", flush=True)
        subprocess.run([sys.executable, "-m", "mutmut", "run", *chosen], cwd=args.workdir,
                       check=False)
    statuses = results(args.workdir)
    if chosen:
        statuses = {name: statuses[name] for name in chosen if name in statuses}
    by_file: dict[str, Counter[str]] = {}
    for name, status in statuses.items():
        module = name.split(".x", 1)[0].split(".x_", 1)[0]
        by_file.setdefault(module, Counter())[status] += 1
    total: Counter[str] = Counter()
    for module, counts in sorted(by_file.items()):
        total += counts
        print(f"{module}: {_line(counts)}")
    print(f"overall: {_line(total)}")
    if args.sample:
        print(f"  95% interval over all mutants (a sample, seed {args.seed}): {_interval(total)}")
    survivors = sorted(n for n, s in statuses.items() if s not in (*KILLED, "not checked"))
    for name in survivors:
        print(f"  {statuses[name]}: {name}")
    tested = sum(total.values()) - total["skipped"] - total["not checked"]
    rate = 100.0 * sum(total[s] for s in KILLED) / tested if tested else 0.0
    return 0 if rate >= args.target else 1


def _line(counts: Counter[str]) -> str:
    """Mutants tested, killed (mutmut counts a timeout as killed), the rate without timeouts,
    and the other statuses."""
    tested = sum(counts.values()) - counts["skipped"] - counts["not checked"]
    killed = sum(counts[s] for s in KILLED)
    rate = f"{100.0 * killed / tested:.1f}%" if tested else "-"
    strict = f"{100.0 * counts['killed'] / tested:.1f}%" if tested else "-"
    rest = ", ".join(f"{s} {n}" for s, n in sorted(counts.items())
                     if s not in KILLED and s != "not checked")
    return (f"{tested} mutants, killed {killed} ({rate}; {counts['killed']} = {strict} without "
            f"timeouts){', ' + rest if rest else ''}")


def _interval(counts: Counter[str]) -> str:
    """Wilson 95% intervals for the rate with and without timeouts."""
    tested = sum(counts.values()) - counts["skipped"] - counts["not checked"]
    parts = []
    for label, killed in (("mutmut's", sum(counts[s] for s in KILLED)),
                          ("without timeouts", counts["killed"])):
        low, high = _wilson(killed, tested)
        parts.append(f"{label} {100 * low:.1f}%-{100 * high:.1f}%")
    return ", ".join(parts)


def _wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


if __name__ == "__main__":
    sys.exit(main())
