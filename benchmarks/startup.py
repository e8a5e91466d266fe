"""Start-up and small-file timings of synclint, side by side with ruff.

Usage: python benchmarks/startup.py [RUNS]   (default 7 runs per command)

Each command runs RUNS times as a whole process (what pre-commit and editors pay); the
median wall time is printed with the ratio to ruff doing the same job, and the targets
of issue 15 (--version and rules <= 0.15 s, check of one small clean file <= 0.35 s).
Then `python -X importtime -c "import synclint.cli"`: the cumulative import time of the
command line and its five most expensive imports.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SMALL = "import torch\n\n\ndef total(t: torch.Tensor) -> float:\n    return t.sum().item()\n"
PLAIN = "def add(a: int, b: int) -> int:\n    return a + b\n"


def _time(command: list[str], runs: int, cwd: str) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        sys.exit(f"{name} not found next to {sys.executable} or on PATH")
    return found


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    synclint, ruff = _tool("synclint"), _tool("ruff")
    with tempfile.TemporaryDirectory() as directory:
        Path(directory, "small.py").write_text(SMALL)
        Path(directory, "plain.py").write_text(PLAIN)
        cache = os.path.join(directory, ".synclint_cache")
        rows = [
            ("--version", [synclint, "--version"], [ruff, "--version"], 0.15),
            ("rules", [synclint, "rules"], [ruff, "rule", "--all"], 0.15),
            ("check small file, no cache", [synclint, "check", "--no-cache", "small.py"],
             [ruff, "check", "--no-cache", "small.py"], 0.35),
            ("check file without torch, no cache",
             [synclint, "check", "--no-cache", "plain.py"],
             [ruff, "check", "--no-cache", "plain.py"], 0.35),
            ("check small file, cached", [synclint, "check", "--cache-dir", cache, "small.py"],
             [ruff, "check", "small.py"], 0.35),
        ]
        # Warm the caches (both tools) and the OS page cache once.
        for _, ours, theirs, _ in rows:
            _time(ours, 1, directory)
            _time(theirs, 1, directory)
        print(f"{'command':<36}{'synclint s':>11}{'ruff s':>9}{'ratio':>8}{'target s':>10}  ok")
        for label, ours, theirs, target in rows:
            mine, base = _time(ours, runs, directory), _time(theirs, runs, directory)
            ok = "yes" if mine <= target else "NO"
            print(f"{label:<36}{mine:>11.3f}{base:>9.3f}{mine / base:>7.1f}x{target:>10.2f}  {ok}")
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import synclint.cli"],
                         capture_output=True, text=True).stderr
    entries = []
    for line in out.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if match:
            entries.append((int(match.group(2)), len(match.group(3)), match.group(4)))
    total = next((c for c, _, name in entries if name == "synclint.cli"), 0)
    print(f"\npython -X importtime -c 'import synclint.cli': {total / 1000:.1f} ms cumulative")
    top = sorted((e for e in entries if e[1] <= 3 and e[2] != "synclint.cli"), reverse=True)
    for cumulative, _, name in top[:5]:
        print(f"  {name:<40}{cumulative / 1000:>7.1f} ms")


if __name__ == "__main__":
    main()
