"""Fuzz synclint for a given time, or measure its resource limits.

Usage:
  python benchmarks/fuzz.py --seconds N [--seed S] [--strategy NAME ...]
      Property-based fuzzing (Hypothesis): programs from Python's grammar and from LibCST
      nodes (hypothesmith) and PyTorch-flavoured programs; `check` must never crash or
      report an internal error and `fix` must produce valid, idempotent code that keeps
      the findings of the rules it did not fix. Prints examples tried and failures (each
      shrunk to a minimal input) and exits 1 if there were any.
  python benchmarks/fuzz.py --limits [--depth N] [--timeout S] [--megabytes M] [--lines L]
      Deeply nested expressions, a big file and a long function, each linted and fixed
      in a child process under a time limit: prints time, peak memory and outcome.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _strategies() -> dict[str, Any]:
    import hypothesmith
    from hypothesis import strategies as st

    from tests.robustness.programs import torch_programs

    return {
        "grammar": hypothesmith.from_grammar(),
        "nodes": hypothesmith.from_node().map(lambda source: "import torch\n" + source),
        "torch": torch_programs(),
        "mixed": st.tuples(torch_programs(), hypothesmith.from_node()).map("\n".join),
    }


def fuzz(seconds: float, seed: int, names: list[str], per_example: float) -> int:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed

    from synclint.engine import run_with_big_stack
    from tests.robustness.properties import check_properties

    run_with_big_stack(lambda: None)
    strategies = _strategies()
    tried: Counter[str] = Counter()
    failures: list[tuple[str, str, str]] = []
    current: dict[str, str] = {}

    def on_hang(_signum: int, _frame: Any) -> None:
        path = Path("fuzz-hang.py")
        path.write_text(current.get("source", ""), encoding="utf-8")
        print(f"\nHANG: one example took over {per_example:.0f} s; written to {path}",
              flush=True)
        os._exit(3)

    signal.signal(signal.SIGALRM, on_hang)
    deadline = time.monotonic() + seconds
    batch = 0
    while time.monotonic() < deadline:
        name = names[batch % len(names)]
        last_failure: list[tuple[str, str]] = []

        @settings(max_examples=25, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @hypothesis_seed(seed * 1_000_003 + batch)
        @given(strategies[name])
        def run(source: str) -> None:
            tried[name] += 1
            current["source"] = source
            signal.alarm(int(per_example))
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    found = check_properties(source)
            finally:
                signal.alarm(0)
            if found:
                last_failure.append((source, "\n".join(f.describe() for f in found)))
                raise AssertionError(found[0].kind)

        try:
            run()
        except AssertionError:
            source, detail = last_failure[-1]  # Hypothesis replays the shrunk one last
            failures.append((name, source, detail))
            print(f"\nFAILURE ({name}): {detail[:2000]}\n--- input ---\n{source}", flush=True)
        batch += 1
    total = sum(tried.values())
    print(f"\nexamples tried: {total} in {seconds:.0f} s ("
          + ", ".join(f"{name} {tried[name]}" for name in dict.fromkeys(names)) + ")")
    print(f"failures: {len(failures)}"
          + (" (" + ", ".join(f"{k} {v}" for k, v in Counter(
              detail.split("]")[0].lstrip("[") for _, _, detail in failures).items()) + ")"
             if failures else ""))
    return 1 if failures else 0


def limits(depth: int, timeout: float, megabytes: float, lines: int, cli: bool) -> int:
    from tests.robustness.limits import CASES, big_file, long_function, run_child

    # Blocks nest at most 100 deep in CPython (20 for loops): deeper is a syntax error.
    inputs: list[tuple[str, str]] = [
        (f"{name} x{100 if name.startswith('nested-') else depth}",
         make(100 if name.startswith("nested-") else depth)) for name, make in CASES.items()]
    inputs += [(f"{megabytes:g} MB file", big_file(megabytes)),
               (f"{lines}-line function, a finding per line", long_function(lines)),
               (f"{lines}-line function, no finding", long_function(lines, findings=False))]
    print(f"{'input':<44}{'mode':<6}{'outcome':<34}{'time':>8}{'peak MB':>9}")
    bad = 0
    for label, source in inputs:
        for mode in ("check", "fix"):
            measured = run_child(source, mode, timeout=timeout, cli=cli)
            if measured.timed_out:
                outcome = f"TIMEOUT (> {timeout:.0f} s)"
                bad += 1
            elif measured.crashed:
                outcome = f"CRASH (exit {measured.returncode})"
                bad += 1
            elif cli:
                outcome = f"exit {measured.returncode}"
            else:
                try:
                    data = json.loads(measured.stdout.strip().splitlines()[-1])
                except (ValueError, IndexError):
                    data = {"error": measured.stderr.strip().splitlines()[-1:]}
                    bad += 1
                if data.get("internal"):
                    bad += 1
                outcome = (f"error: {data['error']}" if data.get("error")
                           else f"{data.get('findings')} findings {','.join(data.get('codes', []))}"
                           + (" fixed" if data.get("changed") else ""))
            print(f"{label:<44}{mode:<6}{outcome[:33]:<34}{measured.seconds:7.1f}s"
                  f"{measured.peak_mb:9.0f}", flush=True)
            if measured.timed_out and mode == "check":
                break  # fixing starts with the same lint
    print(f"\ninputs over the limit or crashing: {bad}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    parser.add_argument("--strategy", action="append", choices=["grammar", "nodes", "torch",
                                                                 "mixed"])
    parser.add_argument("--per-example", type=float, default=60.0,
                        help="seconds one example may take before it is reported as a hang")
    parser.add_argument("--limits", action="store_true", help="measure resource limits")
    parser.add_argument("--depth", type=int, default=10_000)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--megabytes", type=float, default=5.0)
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--cli", action="store_true",
                        help="--limits through `python -m synclint` instead of the library")
    args = parser.parse_args(argv)
    if args.limits:
        return limits(args.depth, args.timeout, args.megabytes, args.lines, args.cli)
    names = args.strategy or ["torch", "grammar", "torch", "nodes", "mixed"]
    print(f"fuzzing for {args.seconds:.0f} s, seed {args.seed}", flush=True)
    return fuzz(args.seconds, args.seed, names, args.per_example)


if __name__ == "__main__":
    sys.exit(main())
