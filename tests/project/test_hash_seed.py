"""Findings never depend on the hash seed: string hashing decides the order sets of names
iterate in, which differs between processes, and the fixed point must not let that
order decide an answer (`benchmarks/determinism.py` runs the same check on corpora)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"


def _check(paths: list[str], seed: int) -> str:
    command = [sys.executable, "-m", "synclint", "check", "--no-cache", "--select", "ALL",
               "--output-format", "json", "--exit-zero", "--quiet", *paths]
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    done = subprocess.run(command, cwd=PRECISION, env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout


def test_the_multi_file_precision_cases_give_the_same_json_under_two_hash_seeds() -> None:
    cases = sorted(str(path.relative_to(PRECISION)) for folder in ("positive", "negative")
                   for path in (PRECISION / folder).iterdir() if path.is_dir())
    assert len(cases) > 100
    first = _check(cases, 1)
    assert '"code"' in first
    assert _check(cases, 2) == first
