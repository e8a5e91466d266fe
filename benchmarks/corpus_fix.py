"""`synclint fix` over a real code base, as a user would run it, and what it leaves behind.

Usage: python benchmarks/corpus_fix.py SOURCE [--unsafe-fixes] [--line-length N]

Copies SOURCE (a directory, read-only is fine) to a scratch directory, runs `synclint fix`
there (`--unsafe-fixes` too when given), and prints, for the rewritten files: how many
there are, whether each still compiles, whether a second run changes anything, the
findings `ruff check --select E,F,W,B` reports on lines the fixer wrote (at the given
line length, 88 by default; skipped without ruff), and the synclint findings on those
lines (the fixer's own output must not be flagged again). Exits 1 when a rewritten file
does not compile, a second run changes something, or synclint flags the fixer's output.
"""

from __future__ import annotations

import difflib
import json
import py_compile
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def _files(root: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8", errors="surrogateescape")
            for p in sorted(root.rglob("*.py"))}


def _written_lines(before: str, after: str) -> set[int]:
    """1-based line numbers of `after` that the fix added or changed."""
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(),
                                      autojunk=False)
    return {j + 1 for tag, _, _, j1, j2 in matcher.get_opcodes() if tag != "equal"
            for j in range(j1, j2)}


def _synclint(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "synclint", *args], cwd=cwd,
                          capture_output=True, text=True, check=False)


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    source = Path(argv[0])
    unsafe = ["--unsafe-fixes"] if "--unsafe-fixes" in argv else []
    line_length = argv[argv.index("--line-length") + 1] if "--line-length" in argv else "88"
    with tempfile.TemporaryDirectory(prefix="synclint-corpus-") as scratch:
        root = Path(scratch) / source.name
        shutil.copytree(source, root)
        for path in root.rglob("*"):
            path.chmod(path.stat().st_mode | 0o200)
        before = _files(root)
        _synclint(["fix", "--no-cache", *unsafe, "."], root)
        after = _files(root)
        rewritten = [p for p in before if after.get(p) != before[p]]
        rel = [str(p.relative_to(root)) for p in rewritten]
        written = {str(p.relative_to(root)): _written_lines(before[p], after[p])
                   for p in rewritten}
        print(f"{source.name}: {len(rewritten)} files rewritten "
              f"({'with' if unsafe else 'without'} --unsafe-fixes)")
        failures = 0
        for path in rewritten:
            try:
                py_compile.compile(str(path), doraise=True)
            except py_compile.PyCompileError as error:
                failures += 1
                print(f"  does not compile: {path.relative_to(root)}: {error.msg}")
        if rewritten:
            _synclint(["fix", "--no-cache", *unsafe, *rel], root)
            again = [p for p in rewritten if p.read_text(encoding="utf-8") != after[p]]
            failures += len(again)
            print(f"  a second run changes {len(again)} files")
            checked = _synclint(["check", "--no-cache", "--select", "ALL", "--output-format",
                                 "json", *rel], root)
            own = [d for d in json.loads(checked.stdout or "[]")
                   if d["location"]["row"] in written.get(d["filename"], set())]
            failures += len(own)
            print(f"  synclint findings on lines the fixer wrote: {len(own)}")
            for d in own:
                print(f"    {d['filename']}:{d['location']['row']} {d['code']} {d['message']}")
            if shutil.which("ruff") is not None:
                ruff = subprocess.run(
                    ["ruff", "check", "--no-cache", "--isolated", "--select", "E,F,W,B",
                     "--line-length", line_length, "--output-format", "json", *rel],
                    cwd=root, capture_output=True, text=True, check=False)
                found = [d for d in json.loads(ruff.stdout or "[]")
                         if d["location"]["row"] in written.get(
                             str(Path(d["filename"]).relative_to(root)), set())]
                print(f"  ruff E,F,W,B findings on lines the fixer wrote "
                      f"(line length {line_length}): {len(found)}")
                for d in found:
                    name = Path(d["filename"]).relative_to(root)
                    print(f"    {name}:{d['location']['row']} {d['code']} {d['message']}")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
