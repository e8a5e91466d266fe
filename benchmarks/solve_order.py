"""Does the fixed point's answer depend on the order it visits things in?

Usage: python benchmarks/solve_order.py [--order reverse|shuffle:SEED ...] [--show N] PATH...

For each PATH (a folder of Python files), builds the model twice in this process: in the
graph's own order, and with `schedule.SOLVE_ORDER` set (each component's functions and
each level's components reversed or shuffled; every order is callees first). Prints how
many summaries (returns, syncs, parameter effects, hot, cold) and classes' attribute kinds
differ, and the first N of each. Exit 1 if any differ. The findings themselves are
compared by running `synclint check` with `SYNCLINT_SOLVE_ORDER` set in the environment
(`tests/project/test_solve_order.py` does, on the precision set's multi-file cases).
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time

from synclint.checking import index_project
from synclint.model import schedule

State = tuple[dict[str, str], dict[str, str], int]


def solve(path: str, order: str | None) -> State:
    """The summaries and attribute kinds of the project at `path`, solved in `order`."""
    schedule.SOLVE_ORDER = order
    here = os.getcwd()
    os.chdir(os.path.dirname(os.path.abspath(path)))
    try:
        base = os.path.basename(os.path.abspath(path))
        files = sorted(glob.glob(base + "/**/*.py", recursive=True))
        project = index_project(files, None, parallel=False)
    finally:
        os.chdir(here)
        schedule.SOLVE_ORDER = None
    assert project is not None
    summaries = {key: repr((s.returns, s.syncs, s.param_effects, s.hot, s.cold))
                 for key, s in project.summaries.items()}
    attributes = {key: repr(sorted(cls.attributes.items(), key=lambda item: item[0]))
                  for key, cls in project.classes.items()}
    return summaries, attributes, project.unforeseen


def differences(first: State, second: State, show: int) -> int:
    found = 0
    for number, name in ((0, "summaries"), (1, "attribute kinds")):
        keys = [key for key in sorted(first[number]) if first[number][key] != second[number].get(key)]
        found += len(keys)
        print(f"  {name} differing: {len(keys)}")
        for key in keys[:show]:
            print(f"    {key}\n      normal:  {first[number][key][:600]}\n"
                  f"      other:   {second[number].get(key, '')[:600]}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--order", action="append", default=None)
    parser.add_argument("--show", type=int, default=20)
    arguments = parser.parse_args()
    status = 0
    for path in arguments.paths:
        start = time.process_time()
        normal = solve(path, None)
        print(f"{path}: {len(normal[0])} summaries, {len(normal[1])} classes "
              f"({time.process_time() - start:.1f} s cpu)")
        for order in arguments.order or ["reverse"]:
            other = solve(path, order)
            print(f" {order}:")
            status |= differences(normal, other, arguments.show) > 0
    return status


if __name__ == "__main__":
    sys.exit(main())
