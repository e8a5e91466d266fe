"""Mutation testing of the fixes: how many mutants of the fixer's code the tests kill.

Usage: python benchmarks/mutation.py [--files PATH ...] [--tests PATH ...] [--workdir DIR]
                                     [--jobs N] [--sample N] [--seed S] [--report-only]

Copies the checkout (tracked and untracked, not ignored, files) to a work directory, runs
mutmut (`pip install mutmut`, 3.x) there over the given files with the given tests, then
prints per file the killed / survived / other counts and the kill rate as mutmut counts it
(killed + timeout over all mutants tested), and the names of the surviving mutants
(`mutmut show NAME` in the work directory prints each one's diff); mutants not run yet
("not checked", e.g. after an interrupted run) are left out of the counts. `--report-only` reads
the results of an earlier run in the same work directory. `--sample N` tests a seeded random
sample of N mutants instead of all of them (a full run of the default files takes hours on
two shared cores). Exits 1 when the overall kill rate is below --target.

`synclint/fixes/batched.py` is left out by default: it is being split and rewritten.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ("synclint/fixes/float64.py", "synclint/fixes/chunked.py", "synclint/fixes/dtypes.py",
         "synclint/fixes/imports.py", "synclint/fixes/apply.py")
TESTS = ("tests/fixes", "tests/fixer", "tests/linter/test_float32_squared_norm.py",
         "tests/linter/test_cat_then_reduce.py")
#: mutmut's statuses that count as killed in its own score.
KILLED = ("killed", "timeout")


def _toml_list(items: list[str] | tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def prepare(workdir: Path, files: list[str], tests: list[str], jobs: int) -> None:
    if workdir.exists():
        shutil.rmtree(workdir)
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for name in listed.splitlines():
        source = ROOT / name
        if source.is_file():
            target = workdir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    config = (
        "\n[tool.mutmut]\n"
        'source_paths = ["synclint"]\n'
        'also_copy = ["rules", "benchmarks", "examples", "README.md"]\n'
        f"only_mutate = {_toml_list(files)}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]\n'
        f"max_children = {jobs}\n"
    )
    with (workdir / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(config)


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
    parser.add_argument("--files", nargs="+", default=list(FILES))
    parser.add_argument("--tests", nargs="+", default=list(TESTS))
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/synclint-mutation"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--target", type=float, default=80.0)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args(argv)
    chosen: list[str] = []
    if not args.report_only:
        prepare(args.workdir, args.files, args.tests, args.jobs)
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
    survivors = sorted(n for n, s in statuses.items() if s not in (*KILLED, "not checked"))
    for name in survivors:
        print(f"  {statuses[name]}: {name}")
    tested = sum(total.values()) - total["skipped"] - total["not checked"]
    rate = 100.0 * sum(total[s] for s in KILLED) / tested if tested else 0.0
    return 0 if rate >= args.target else 1


def _line(counts: Counter[str]) -> str:
    """Mutants tested, killed (mutmut counts a timeout as killed), and the other statuses."""
    tested = sum(counts.values()) - counts["skipped"] - counts["not checked"]
    killed = sum(counts[s] for s in KILLED)
    rate = f"{100.0 * killed / tested:.1f}%" if tested else "-"
    rest = ", ".join(f"{s} {n}" for s, n in sorted(counts.items())
                     if s not in KILLED and s != "not checked")
    return f"{tested} mutants, killed {killed} ({rate}){', ' + rest if rest else ''}"


if __name__ == "__main__":
    sys.exit(main())
