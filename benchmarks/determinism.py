"""Do synclint's findings depend on the hash seed?

Usage: python benchmarks/determinism.py [--seeds 0-3] [--jobs N] [--keep DIR] PATH...

For each PATH, runs `synclint check --no-cache --select ALL --output-format json` once per
seed, each in its own process under its own PYTHONHASHSEED (string hashing decides the
order of set and dict-of-set iteration, so an answer that depends on the order of solving
shows up here). Prints, per path, whether the JSON outputs are byte-identical and, if not,
each finding that differs (present under some seeds only, or with a different message or
`related` chain) with the seeds that report it. Exit 1 if any path differs.

Each run is cold (--no-cache); the working directory is the path's parent, so filenames
are the same under every seed. --keep DIR writes each run's JSON as DIR/NAME.seedS.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        if "-" in part:
            low, high = part.split("-", 1)
            seeds.extend(range(int(low), int(high) + 1))
        elif part:
            seeds.append(int(part))
    return seeds


def _run(path: Path, seed: int, jobs: int | None, out: Path) -> float:
    command = [sys.executable, "-m", "synclint", "check", "--no-cache", "--select", "ALL"]
    command += ["--output-format", "json", "--exit-zero", "--quiet", "-o", str(out)]
    if jobs is not None:
        command += ["--jobs", str(jobs)]
    command.append(path.name)
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    start = time.perf_counter()
    done = subprocess.run(command, cwd=path.parent, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{path} seed {seed}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return time.perf_counter() - start


def _key(finding: dict[str, object]) -> tuple[str, int, int, str]:
    location = finding["location"]
    assert isinstance(location, dict)
    return (str(finding["filename"]), location["row"], location["column"], str(finding["code"]))


def _text(finding: dict[str, object]) -> str:
    return json.dumps(finding, sort_keys=True)


def _differences(outputs: dict[int, list[dict[str, object]]]) -> list[str]:
    """One line per finding that is not the same under every seed."""
    seeds = sorted(outputs)
    by_key: dict[tuple[str, int, int, str], dict[int, dict[str, object]]] = {}
    for seed in seeds:
        for finding in outputs[seed]:
            by_key.setdefault(_key(finding), {})[seed] = finding
    lines = []
    for key in sorted(by_key):
        found = by_key[key]
        variants: dict[str, list[int]] = {}
        for seed, finding in found.items():
            variants.setdefault(_text(finding), []).append(seed)
        if len(found) == len(seeds) and len(variants) == 1:
            continue
        where = f"{key[0]}:{key[1]}:{key[2]} {key[3]}"
        missing = [seed for seed in seeds if seed not in found]
        for text, under in variants.items():
            message = json.loads(text)["message"]
            lines.append(f"  {where} under seeds {under}: {message}")
            if len(variants) > 1:
                related = json.loads(text).get("related") or []
                lines.append(f"    related: {json.dumps(related)}")
        if missing:
            lines.append(f"  {where} absent under seeds {missing}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--seeds", default="0-3", help="e.g. 0-3 or 0,5,7 (default 0-3)")
    parser.add_argument("--jobs", type=int, default=None, help="passed to synclint --jobs")
    parser.add_argument("--keep", type=Path, default=None, help="folder for each run's JSON")
    args = parser.parse_args()
    seeds = _seeds(args.seeds)
    differ = False
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for path in args.paths:
            path = path.resolve()
            raw: dict[int, str] = {}
            times = []
            for seed in seeds:
                out = folder / f"{path.name}.seed{seed}.json"
                times.append(_run(path, seed, args.jobs, out))
                raw[seed] = out.read_text()
            spent = " ".join(f"{t:.0f}s" for t in times)
            if len(set(raw.values())) == 1:
                count = len(json.loads(raw[seeds[0]]))
                print(f"{path}: identical under seeds {seeds} ({count} findings; {spent})")
                continue
            differ = True
            outputs = {seed: json.loads(text) for seed, text in raw.items()}
            counts = ", ".join(f"{seed}: {len(outputs[seed])}" for seed in seeds)
            print(f"{path}: DIFFERS ({counts}; {spent})")
            lines = _differences(outputs)
            print("\n".join(lines) if lines else "  same findings, in a different order")
            sys.stdout.flush()
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
