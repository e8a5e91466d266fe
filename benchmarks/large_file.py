"""A valid 2.3 MB file that holds one data literal: synclint against `ast.parse` of it.

Such files (generated tables, vocabularies, test fixtures) have nothing a rule can fire
on; synclint should cost about what reading them costs, not build a concrete syntax tree
of millions of nodes. It compiles them instead of parsing them (`model/data_files.py`),
so `ast.parse` is a floor it can beat. Prints one table: wall and CPU seconds and peak memory of each
command, and synclint's ratio to the `ast.parse` floor (run in the same command, since
the machine is shared and noisy).

    python benchmarks/large_file.py [--rows N]
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def write_literal(path: Path, rows: int) -> None:
    generator = random.Random(0)
    lines = [f"    ({i}, 'k{i}', {generator.random():f}, [{i % 7}, {i % 11}]),"
             for i in range(rows)]
    path.write_text("DATA = [\n" + "\n".join(lines) + "\n]\n", encoding="utf-8")


def measure(command: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak RSS in MB and exit code of one child."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=60_000,
                        help="rows of the literal (60 000: about 2.4 MB)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="synclint-large-") as scratch:
        path = Path(scratch) / "data.py"
        write_literal(path, args.rows)
        size = path.stat().st_size / 1e6
        floor = measure([sys.executable, "-c",
                         f"import ast; ast.parse(open({str(path)!r}).read())"])
        # ru_maxrss of children is the largest child so far: measure synclint second.
        synclint = measure([sys.executable, "-m", "synclint", "check", "--no-cache",
                            "--select", "ALL", str(path)])
    print(f"one data literal, {size:.1f} MB, {args.rows} rows")
    print(f"{'command':<22}{'wall s':>9}{'CPU s':>9}{'peak MB':>9}{'exit':>6}")
    for name, (wall, cpu, peak, code) in (("ast.parse (floor)", floor),
                                          ("synclint check", synclint)):
        print(f"{name:<22}{wall:>9.2f}{cpu:>9.2f}{peak:>9.0f}{code:>6}")
    print(f"synclint / floor: {synclint[0] / floor[0]:.2f}x wall, "
          f"{synclint[1] / floor[1]:.2f}x CPU (target: under 2 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
