"""Soak synclint over real code: `check`, then `fix` (safe, then unsafe) of every Python
file in this environment's site-packages and standard library, fixes written to a
temporary copy. Prints files checked, findings per rule, files fixed, internal errors
and crashes (must be 0), fixed files that no longer compile (must be 0), the slowest
files and the total time.

Usage: python benchmarks/soak.py [--limit N] [--jobs N] [--timeout S] [--seed N] [PATHS...]

Each file runs in a worker process under a watchdog: a file that crashes the interpreter
or takes longer than --timeout is reported and the run goes on. Exits 1 when any
internal error, crash, timeout or corrupted fix was seen.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import sysconfig
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.robustness.isolation import run_isolated  # noqa: E402

_TEMP = Path(tempfile.gettempdir())


def default_roots() -> list[Path]:
    paths = sysconfig.get_paths()
    roots = {Path(paths["purelib"]), Path(paths["platlib"]), Path(paths["stdlib"])}
    return sorted(root for root in roots if root.is_dir())


def python_files(roots: list[Path]) -> list[Path]:
    found: set[Path] = set()
    # The standard library holds the base interpreter's own site-packages, which is not
    # this environment's.
    site_roots = {Path(p) for p in (sysconfig.get_paths()["purelib"],
                                    sysconfig.get_paths()["platlib"])}
    for root in roots:
        if root.is_file():
            found.add(root)
            continue
        for directory, subdirectories, names in os.walk(root):
            subdirectories[:] = [d for d in subdirectories if d != "__pycache__" and not (
                d in ("site-packages", "dist-packages") and root not in site_roots)]
            for name in names:
                if name.endswith(".py"):
                    found.add(Path(directory, name))
    return sorted(found)


def soak_one(path: Path) -> dict[str, Any]:
    """Check, then fix (safe, unsafe) one file; fixes are written to a temporary copy."""
    from synclint.engine import lint_source
    from synclint.files_io import SourceError, read_source, write_source
    from synclint.fixer import fix_source
    from synclint.rules import ALL_RULES
    from tests.robustness.properties import compile_problem

    codes = frozenset(ALL_RULES)
    record: dict[str, Any] = {"path": str(path), "problems": [], "findings": {},
                              "fixed": {}, "changed": False, "unreadable": None}
    try:
        source = read_source(path)
    except SourceError as error:
        record["unreadable"] = str(error)
        return record
    started = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            linted = lint_source(source.text, str(path), codes)
            record["check_seconds"] = time.perf_counter() - started
            record["findings"] = dict(Counter(d.code for d in linted.diagnostics))
            if linted.error is not None:
                kind = "internal-error" if linted.error.internal else "file-error"
                record["problems"].append((kind, f"check: {linted.error.message}"))
            compiled: bool | None = None
            # fix_source starts with this very lint: with no fix on offer it changes
            # nothing, and with no unsafe fix the unsafe run repeats the safe one.
            offered = {d.fix.applicability.value for d in linted.diagnostics if d.fix}
            modes = [unsafe for unsafe in (False, True)
                     if ("safe" in offered) or (unsafe and "unsafe" in offered)]
            for unsafe in modes:
                result = fix_source(source.text, str(path), codes, unsafe=unsafe)
                if result.error is not None and result.error.internal:
                    record["problems"].append(
                        ("internal-error", f"fix(unsafe={unsafe}): {result.error.message}"))
                for line in result.discarded:
                    record["problems"].append(("discarded-fix", line))
                if not result.changed:
                    continue
                record["changed"] = True
                record["fixed"] = dict(Counter(record["fixed"]) + Counter(result.fixed))
                if compiled is None:
                    compiled = compile_problem(source.text, str(path)) is None
                if compiled:
                    problem = compile_problem(result.text, str(path))
                    if problem is not None:
                        record["problems"].append(
                            ("corrupted", f"fix(unsafe={unsafe}) no longer compiles: {problem}"))
                _write_copy(source, result.text, write_source, SourceError, record)
    except Exception as error:  # the very thing a soak is for
        import traceback

        record["problems"].append(("crash", f"{type(error).__name__}: {error}\n"
                                            f"{traceback.format_exc(limit=-8)}"))
    record["seconds"] = time.perf_counter() - started
    return record


def _write_copy(source: Any, text: str, write_source: Any, source_error: Any,
                record: dict[str, Any]) -> None:
    """Write the fix through the real atomic writer, over a copy, and read it back."""
    from dataclasses import replace

    from synclint.files_io import read_source

    directory = Path(tempfile.mkdtemp(prefix="synclint-soak-", dir=_TEMP))
    try:
        copy = directory / source.path.name
        shutil.copyfile(source.path, copy)
        os.chmod(copy, 0o644)
        try:
            write_source(replace(source, path=copy, mode=0o644), text)
        except source_error as error:
            record["problems"].append(("write-failed", str(error)))
            return
        if read_source(copy).text != text:
            record["problems"].append(("corrupted", "the written copy differs from the fix"))
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="files or directories (default: site-packages and stdlib)")
    parser.add_argument("--limit", type=int, default=None,
                        help="soak a random sample of N files (seeded)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds one file may take before it is reported and skipped")
    parser.add_argument("--slowest", type=int, default=10)
    args = parser.parse_args(argv)

    files = python_files(args.paths or default_roots())
    if args.limit is not None and args.limit < len(files):
        files = sorted(random.Random(args.seed).sample(files, args.limit))
    print(f"soaking {len(files)} files with {args.jobs} workers "
          f"(timeout {args.timeout:.0f} s per file)", flush=True)
    started = time.perf_counter()
    findings: Counter[str] = Counter()
    fixed: Counter[str] = Counter()
    problems: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    timings: list[tuple[float, str]] = []
    checked = changed = unreadable = lines = 0
    for done, outcome in enumerate(run_isolated(files, soak_one, jobs=args.jobs,
                                                timeout=args.timeout), 1):
        path = str(outcome.item)
        if outcome.status != "ok":
            problems[outcome.status] += 1
            detail = f"exit code {outcome.exit_code}" if outcome.status == "died" else \
                f"after {outcome.seconds:.0f} s"
            examples.setdefault(outcome.status, []).append(f"{path} ({detail})")
            timings.append((outcome.seconds, path))
            continue
        record = outcome.value
        if record["unreadable"]:
            unreadable += 1
            continue
        checked += 1
        findings.update(record["findings"])
        fixed.update(record["fixed"])
        changed += record["changed"]
        timings.append((record["seconds"], path))
        for kind, detail in record["problems"]:
            problems[kind] += 1
            examples.setdefault(kind, []).append(f"{path}: {detail}")
        if done % 2000 == 0:
            print(f"  ... {done}/{len(files)} files, {time.perf_counter() - started:.0f} s",
                  flush=True)
    elapsed = time.perf_counter() - started

    print(f"\nfiles checked:         {checked} (+{unreadable} unreadable: not Python text)")
    print(f"files fixed (a copy):  {changed}")
    print(f"total time:            {elapsed:.1f} s wall, {args.jobs} workers")
    print("findings per rule:     " + (", ".join(f"{code} {count}" for code, count
                                                  in sorted(findings.items())) or "none"))
    print("fixes per rule:        " + (", ".join(f"{code} {count}" for code, count
                                                  in sorted(fixed.items())) or "none"))
    bad_kinds = ("crash", "internal-error", "corrupted", "died", "timeout")
    for kind in bad_kinds + ("discarded-fix", "write-failed", "file-error"):
        print(f"{kind + ':':<23}{problems[kind]}")
    print("\nslowest files:")
    for seconds, path in sorted(timings, reverse=True)[:args.slowest]:
        print(f"  {seconds:7.2f} s  {path}")
    for kind, lines_of_kind in sorted(examples.items()):
        print(f"\n{kind} ({len(lines_of_kind)}):")
        for line in lines_of_kind[:20]:
            print("  " + line.replace("\n", "\n    "))
    return 1 if any(problems[kind] for kind in bad_kinds) else 0


if __name__ == "__main__":
    sys.exit(main())
