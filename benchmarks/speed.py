"""Lint the installed torch package's sources with synclint and its peers; print one table.

    python benchmarks/speed.py                 # the named subset (torch/nn, optim, fx)
    python benchmarks/speed.py --tree full     # every .py file of the torch package
    python benchmarks/speed.py --subset 100 --skip-peers --jobs 2
    python benchmarks/speed.py --scaling       # 10/25/50/100% of the package, cold only

Every tool runs as a child process on a private copy of the same files (so no tool finds
a configuration file), with the same number of processes where it has a flag for it.
synclint runs cold (`--no-cache`), warm (every file cached) and warm after one edit (a
comment appended to one file, as after saving it: that file is linted again and the
whole-program index parses it, and the modules that read something of it that changed;
the printed count says how many; benchmarks/warm_index.py times the index alone). A cold
run builds the whole-program index before the lint workers start; "cold, overlapped" is
the same run with SYNCLINT_OVERLAP_INDEX=1, which builds it in a child process while the
workers read and parse their first files, to compare the two in one session. Wall and CPU seconds come from the child's
rusage (children included); peak memory is the largest proportional set size (PSS) of the
child's whole process tree, sampled every second: a page the processes share (the lint
workers forked from the process that holds the model) counts once, split among them,
where the sum of their RSS would count it once per process (VmRSS where PSS is missing).
Python children may write and reuse bytecode, as in an installed environment, whatever
`PYTHONDONTWRITEBYTECODE` says here. The peers (TorchFix 0.7.0, Fixit 2.2.1, ruff) are installed into their own virtualenvs under
benchmarks/.peers/ when missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEERS = HERE / ".peers"
#: The fixed subset: ~114 000 lines of real PyTorch code, so TorchFix finishes in minutes.
SUBSET_DIRECTORIES = ("nn", "optim", "fx")
PEER_PACKAGES = {
    "torchfix": ["torchfix==0.7.0"],
    "fixit": ["fixit==2.2.1"],
    "ruff": ["ruff==0.17.6"],
}

# Runs in a child: the floor, i.e. reading and `libcst.parse_module` of every file, with
# the same process pool shape (processes, chunks) as synclint.
_BARE_PARSE = """
import sys
from concurrent.futures import ProcessPoolExecutor
import libcst

def parse(path):
    with open(path, encoding="utf-8") as handle:
        libcst.parse_module(handle.read())
    return 0

files = [line for line in open(sys.argv[1], encoding="utf-8").read().splitlines() if line]
jobs = int(sys.argv[2])
if jobs > 1:
    with ProcessPoolExecutor(jobs) as pool:
        list(pool.map(parse, files, chunksize=int(sys.argv[3])))
else:
    for path in files:
        parse(path)
"""


@dataclass(frozen=True)
class Measurement:
    name: str
    wall: float
    cpu: float
    peak_mb: float
    returncode: int


def torch_root() -> Path:
    # Located, not imported: an imported torch would make this process ~200 MB, and a
    # child's ru_maxrss starts from its parent's size at fork.
    import importlib.util

    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        raise SystemExit("torch is not installed: pip install 'synclint[runtime]'")
    return Path(spec.origin).resolve().parent


def select_files(tree: str, subset: int | None) -> list[Path]:
    root = torch_root()
    if tree == "full":
        files = sorted(root.rglob("*.py"))
    else:
        files = sorted(p for name in SUBSET_DIRECTORIES for p in (root / name).rglob("*.py"))
    files = [p for p in files if "__pycache__" not in p.parts]
    return files[:subset] if subset is not None else files


def copy_tree(files: Sequence[Path], destination: Path) -> list[Path]:
    root = torch_root()
    copied = []
    for path in files:
        target = destination / "torch" / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        copied.append(target)
    return copied


def ensure_peer(name: str) -> Path:
    """The peer's virtualenv bin/ directory, created and installed on first use."""
    venv = PEERS / name
    binary = venv / "bin" / name
    if binary.exists():
        return binary
    print(f"installing {' '.join(PEER_PACKAGES[name])} into {venv} ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", *PEER_PACKAGES[name]],
                   check=True)
    return binary


def _tree_memory_kb(pid: int) -> int:
    """The summed PSS of a process and all its descendants (Linux /proc; VmRSS where
    smaps_rollup is missing)."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            total += _memory_kb(current)
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as handle:
                    pending.extend(int(child) for child in handle.read().split())
        except (OSError, ValueError):
            continue
    return total


def _memory_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def measure(name: str, command: Sequence[str], env: dict[str, str] | None = None,
            cwd: Path | None = None) -> Measurement:
    peak = 0
    started = time.perf_counter()
    process = subprocess.Popen(list(command), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_memory_kb(process.pid))
            done.wait(1.0)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    # The sampled PSS of the process tree, or the largest single process's peak RSS where
    # that is more (a run shorter than a sampling interval is sampled once, at its start).
    peak_mb = max(peak, usage.ru_maxrss) / 1024
    return Measurement(name, wall, usage.ru_utime + usage.ru_stime, peak_mb,
                       process.returncode)


def child_env(jobs: str) -> dict[str, str]:
    """The environment every tool runs in: as installed, Python writes and reuses the
    bytecode of what it imports (an environment that forbids it, `PYTHONDONTWRITEBYTECODE`,
    would compile every module of synclint and LibCST again in each run: ~70 ms of a warm
    run on these machines), and ruff's threads are as many as the others' processes."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["RAYON_NUM_THREADS"] = jobs
    return env


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", choices=("subset", "full"), default="subset",
                        help="torch/{nn,optim,fx} (default) or the whole torch package")
    parser.add_argument("--subset", type=int, metavar="N", help="only the first N files")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes for every tool (default: the CPU count)")
    parser.add_argument("--skip-peers", action="store_true",
                        help="measure only the parse floor and synclint")
    parser.add_argument("--scaling", action="store_true",
                        help="cold synclint against the floor on 10, 25, 50 and 100%% of the "
                             "whole package (evenly spaced files), one row each")
    args = parser.parse_args(argv)
    if args.scaling:
        return scaling(args.jobs)

    from synclint.runner import CHUNK_SIZE

    files = select_files(args.tree, args.subset)
    lines = sum(p.read_text(encoding="utf-8").count("\n") for p in files)
    jobs = str(args.jobs)
    with tempfile.TemporaryDirectory(prefix="synclint-speed-") as scratch:
        workdir = Path(scratch)
        tree = workdir / "src"
        copied = copy_tree(files, tree)
        listing = workdir / "files.txt"
        listing.write_text("\n".join(map(str, copied)), encoding="utf-8")
        cache = workdir / "cache"
        env = child_env(jobs)
        synclint = [sys.executable, "-m", "synclint", "check", "--select", "ALL",
                    "--exit-zero", "--quiet", "--jobs", jobs]
        runs: list[Measurement] = []
        runs.append(measure("libcst.parse_module (floor)",
                            [sys.executable, "-c", _BARE_PARSE, str(listing), jobs,
                             str(CHUNK_SIZE)], env, workdir))
        runs.append(measure("synclint cold", [*synclint, "--no-cache", "src"], env, workdir))
        runs.append(measure("synclint cold, overlapped", [*synclint, "--no-cache", "src"],
                            dict(env, SYNCLINT_OVERLAP_INDEX="1"), workdir))
        measure("(fill cache)", [*synclint, "--cache-dir", str(cache), "src"], env, workdir)
        runs.append(measure("synclint warm", [*synclint, "--cache-dir", str(cache), "src"],
                            env, workdir))
        touched = _touch(copied)
        runs.append(measure("synclint warm, 1 file edited",
                            [*synclint, "--cache-dir", str(cache), "src"], env, workdir))
        reindexed = _reindexed(copied, touched, cache, workdir)
        if not args.skip_peers:
            torchfix = ensure_peer("torchfix")
            fixit = ensure_peer("fixit")
            ruff = ensure_peer("ruff")
            runs.append(measure("TorchFix 0.7.0 --select ALL",
                                [str(torchfix), "--select", "ALL", "--jobs", jobs, "src"],
                                env, workdir))
            # Fixit has no jobs flag: it uses one process per core.
            runs.append(measure("Fixit 2.2.1 lint", [str(fixit), "lint", "src"], env, workdir))
            runs.append(measure("ruff --select ALL",
                                [str(ruff), "check", "--no-cache", "--select", "ALL",
                                 "--exit-zero", "src"], env, workdir))

    cold = next(r for r in runs if r.name == "synclint cold")
    print(f"{len(files)} files, {lines} lines of torch {_torch_version()} "
          f"({'torch/' + ', torch/'.join(SUBSET_DIRECTORIES) if args.tree == 'subset' else 'all'}"
          f"{f', first {args.subset} files' if args.subset else ''}); "
          f"{os.cpu_count()} cores, --jobs {jobs}")
    print(f"{'tool':<30}{'wall s':>9}{'CPU s':>9}{'peak MB':>9}{'files/s':>10}"
          f"{'x cold':>8}{'exit':>6}")
    for run in runs:
        print(f"{run.name:<30}{run.wall:>9.2f}{run.cpu:>9.2f}{run.peak_mb:>9.0f}"
              f"{len(files) / run.wall:>10.0f}{run.wall / cold.wall:>8.2f}{run.returncode:>6}")
    floor = runs[0]
    overlapped = next(r for r in runs if r.name == "synclint cold, overlapped")
    print(f"cold / floor: {cold.wall / floor.wall:.2f}x wall, {cold.cpu / floor.cpu:.2f}x CPU "
          f"(target <= 1.5x); overlapped: {overlapped.wall / floor.wall:.2f}x wall, "
          f"{overlapped.cpu / floor.cpu:.2f}x CPU")
    print(f"edited file: {touched}; the index parsed {reindexed} of {len(files)} files again")
    return 0


def scaling(jobs: int) -> int:
    """One row per share of the package: files taken evenly spaced in path order (so
    each share holds every part of the package), floor and cold synclint on them."""
    from synclint.runner import CHUNK_SIZE

    every = select_files("full", None)
    print(f"torch {_torch_version()}, {len(every)} files; {os.cpu_count()} cores, --jobs {jobs}")
    print(f"{'share':>6}{'files':>7}{'lines':>9}{'floor wall':>12}{'CPU':>8}{'MB':>7}"
          f"{'synclint wall':>15}{'CPU':>8}{'MB':>7}{'x wall':>8}{'x CPU':>7}")
    for share in (0.10, 0.25, 0.50, 1.00):
        count = max(1, round(len(every) * share))
        files = [every[int(i * len(every) / count)] for i in range(count)]
        lines = sum(p.read_text(encoding="utf-8").count("\n") for p in files)
        with tempfile.TemporaryDirectory(prefix="synclint-scaling-") as scratch:
            workdir = Path(scratch)
            copied = copy_tree(files, workdir / "src")
            listing = workdir / "files.txt"
            listing.write_text("\n".join(map(str, copied)), encoding="utf-8")
            env = child_env(str(jobs))
            floor = measure("floor", [sys.executable, "-c", _BARE_PARSE, str(listing),
                                      str(jobs), str(CHUNK_SIZE)], env, workdir)
            cold = measure("cold", [sys.executable, "-m", "synclint", "check", "--select",
                                    "ALL", "--exit-zero", "--quiet", "--jobs", str(jobs),
                                    "--no-cache", "src"], env, workdir)
        print(f"{share:>6.0%}{count:>7}{lines:>9}{floor.wall:>12.1f}{floor.cpu:>8.1f}"
              f"{floor.peak_mb:>7.0f}{cold.wall:>15.1f}{cold.cpu:>8.1f}"
              f"{cold.peak_mb:>7.0f}{cold.wall / floor.wall:>8.2f}"
              f"{cold.cpu / floor.cpu:>7.2f}", flush=True)
    return 0


def _touch(copied: Sequence[Path]) -> str:
    """Append a comment to one file (its text changes, its summaries do not): a file
    few others import, as most edits are."""
    preferred = [p for p in copied if p.as_posix().endswith("torch/optim/adam.py")]
    path = preferred[0] if preferred else copied[len(copied) // 2]
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("\n# edited\n")
    return path.as_posix().split("/src/", 1)[-1]


def _reindexed(copied: Sequence[Path], touched: str, cache: Path, workdir: Path) -> str:
    """How many files the warm index parses after the edit (a second edit of the same
    file, measured in a child so that this process stays small); "?" when unknown."""
    path = next(p for p in copied if str(p).endswith(touched))
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("# edited again\n")
    script = ("import sys\n"
              "from pathlib import Path\n"
              "from synclint.analysis.project import build_project_for_paths\n"
              "from synclint.config import Overrides, resolve_settings\n"
              "from synclint.files import discover, display_path\n"
              "try:\n"
              "    settings = resolve_settings(['src'], None, Overrides(select=('ALL',)))\n"
              "    paths = list(discover(['src'], settings))\n"
              "    project = build_project_for_paths(paths, display_path, Path(sys.argv[1]))\n"
              "    print(len(project.parsed_files))\n"
              "except Exception:\n"
              "    print('?')\n")
    done = subprocess.run([sys.executable, "-c", script, str(cache)], cwd=workdir,
                          capture_output=True, text=True)
    return done.stdout.strip() or "?"


def _torch_version() -> str:
    from importlib.metadata import version

    return version("torch")


if __name__ == "__main__":
    sys.exit(main())
