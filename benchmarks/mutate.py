"""Mutation fuzzing: every example, test and precision snippet, and every rule's
VALID/INVALID example, with random lines and tokens deleted, duplicated and swapped
(seeded); `check` and `fix` must never crash or report an internal error, and `fix`
must never produce code that does not parse (nor, when the mutant compiled, compile).

Usage: python benchmarks/mutate.py [--mutants-per-file N] [--seed S] [--jobs N]
                                   [--cli-sample N] [--timeout S]

Each mutant runs in a worker process under a watchdog (a hang or an interpreter crash is
reported, not fatal). A sample of the mutants also goes through the real command line,
`synclint fix --unsafe-fixes`, on temporary copies. Exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.robustness.isolation import run_isolated  # noqa: E402
from tests.robustness.mutations import corpus, mutate  # noqa: E402


def check_mutant(item: tuple[str, str]) -> list[str]:
    from tests.robustness.properties import check_properties

    name, source = item
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [failure.describe() for failure in check_properties(source, name + ".py")]


def cli_sample(mutants: list[tuple[str, str]], timeout: float) -> tuple[int, list[str]]:
    """`synclint fix --unsafe-fixes` over copies of the mutants in one directory."""
    from tests.robustness.properties import compile_problem

    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="synclint-mutants-") as directory:
        paths = []
        for index, (_, source) in enumerate(mutants):
            path = Path(directory, f"mutant_{index}.py")
            path.write_text(source, encoding="utf-8")
            paths.append(path)
        process = subprocess.run(
            [sys.executable, "-m", "synclint", "fix", "--select", "ALL", "--unsafe-fixes",
             "--no-cache", "-q", directory], capture_output=True, text=True,
            timeout=timeout, cwd=directory, env={**os.environ, "PYTHONPATH": str(ROOT)})
        if process.returncode not in (0, 1):
            problems.append(f"exit {process.returncode}: {process.stderr[-2000:]}")
        for line in process.stderr.splitlines():
            if "internal error" in line or "Traceback" in line:
                problems.append(line)
        changed = 0
        for path, (name, source) in zip(paths, mutants):
            text = path.read_text(encoding="utf-8")
            if text == source:
                continue
            changed += 1
            if compile_problem(source) is None and compile_problem(text) is not None:
                problems.append(f"{name}: the CLI wrote a fix that does not compile")
    return changed, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants-per-file", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--cli-sample", type=int, default=300)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    sources = list(corpus())
    mutants = [(f"{name}#{index}", mutate(source, rng))
               for name, source in sources for index in range(args.mutants_per_file)]
    print(f"{len(mutants)} mutants of {len(sources)} sources, seed {args.seed}", flush=True)
    started = time.perf_counter()
    kinds: Counter[str] = Counter()
    reports: list[str] = []
    for outcome in run_isolated(mutants, check_mutant, jobs=args.jobs, timeout=args.timeout):
        name, source = outcome.item
        if outcome.status != "ok":
            kinds[outcome.status] += 1
            reports.append(f"{outcome.status}: {name}\n--- input ---\n{source}")
            continue
        for failure in outcome.value:
            kinds[failure.split("]")[0].lstrip("[")] += 1
            reports.append(f"{name}: {failure}\n--- input ---\n{source}")
    library_seconds = time.perf_counter() - started
    sample = rng.sample(mutants, min(args.cli_sample, len(mutants)))
    cli_started = time.perf_counter()
    changed, cli_problems = cli_sample(sample, timeout=max(args.timeout, 600))
    kinds["cli"] += len(cli_problems)
    reports += cli_problems
    print(f"library: {len(mutants)} mutants checked and fixed in {library_seconds:.1f} s")
    print(f"CLI: {len(sample)} mutants through `synclint fix --unsafe-fixes`, {changed} "
          f"rewritten, in {time.perf_counter() - cli_started:.1f} s")
    print("failures: " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items()) if v) or "0"))
    for report in reports[:20]:
        print("\n" + report[:4000])
    return 1 if reports else 0


if __name__ == "__main__":
    sys.exit(main())
