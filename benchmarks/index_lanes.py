"""The whole-program index in one process and in two (`model/ahead.py`), run after run.

    python benchmarks/index_lanes.py               # torch/nn, optim, fx (as speed.py)
    python benchmarks/index_lanes.py --tree full   # every .py file of the torch package

Builds the cold index (no cache) of the files benchmarks/speed.py lints, alternately in
one process and with a second process solving the second lane (`--rounds` of each,
interleaved, so that a busy machine slows both alike), and prints for each: wall time,
this process's CPU time, the child's CPU time, the evaluations replayed and made afresh,
and whether the summaries equal the first one-process run's. The figures to read are the
ratios against one process in the same run.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import select_files  # noqa: E402

from synclint.checking import index_project  # noqa: E402


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", choices=("subset", "full"), default="subset")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    paths = [str(path) for path in select_files(args.tree, None)]
    gc.disable()  # as the index runs (`no_cyclic_gc`)
    reference = None
    rows: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    for _ in range(args.rounds):
        for parallel in (False, True):
            wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
            project = index_project(paths, None, parallel=parallel)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            children = _children_cpu() - children
            assert project is not None
            same = reference is None or project.summaries == reference
            if reference is None:
                reference = project.summaries
            replayed, afresh = project.replayed
            print(f"{'two' if parallel else 'one'} process{'es' if parallel else ''}: "
                  f"wall {wall:6.2f} s, cpu {cpu:6.2f} s, child cpu {children:5.2f} s, "
                  f"replayed {replayed}, afresh {afresh}, same summaries: {same}",
                  flush=True)
            rows[parallel].append((wall, cpu))
            del project
    one, two = (min(rows[flag]) for flag in (False, True))
    print(f"{len(paths)} files; best of {args.rounds}: wall {two[0] / one[0]:.2f}x, "
          f"this process's cpu {min(c for _, c in rows[True]) / min(c for _, c in rows[False]):.2f}x"
          " of one process")


if __name__ == "__main__":
    main()
