"""What a fixed code base gets flagged for again: the synclint findings, and the ruff E, F, W
and B findings, on the lines `fix` wrote, in the copies `corpus_hunks.py` left behind.

Usage: python benchmarks/corpus_recheck.py OUT NAME... [--synclint PATH]

For each NAME (a code base `benchmarks/corpus_hunks.py OUT SOURCE` ran on), compares
OUT/NAME/check/NAME (the original) with OUT/NAME/safe/NAME (after `fix`) and
OUT/NAME/unsafe/NAME (after `fix --unsafe-fixes`). In the rewritten files it counts the
findings on lines the fixer added or changed that the original file did not have (same
code and message): synclint's (`check --select ALL`) and ruff's (`--select E,F,W,B`, at
the line length synclint infers for the file and the target Python synclint reads for
it). Prints one line per code base and mode; exits 1 when any is found.
"""

from __future__ import annotations

import collections
import difflib
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from synclint.style import style_for  # noqa: E402


def _written(before: str, after: str) -> set[int]:
    """1-based numbers of the lines of `after` the fix added or changed."""
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(),
                                      autojunk=False)
    return {j + 1 for tag, _, _, j1, j2 in matcher.get_opcodes() if tag != "equal"
            for j in range(j1, j2)}


def _synclint(command: list[str], root: Path, files: list[str]) -> list[dict[str, object]]:
    done = subprocess.run([*command, "check", "--no-cache", "--exit-zero", "--select", "ALL",
                           "--output-format", "json", *files], cwd=root, capture_output=True,
                          text=True, check=False)
    return json.loads(done.stdout or "[]")  # type: ignore[no-any-return]


def _ruff(root: Path, name: str, text: str) -> list[dict[str, object]]:
    style = style_for(str(root / name), text)
    target = f"py{style.python[0]}{style.python[1]}"
    done = subprocess.run(["ruff", "check", "--no-cache", "--isolated", "--select", "E,F,W,B",
                           "--line-length", str(style.line_length), "--target-version", target,
                           "--output-format", "json", name], cwd=root, capture_output=True,
                          text=True, check=False)
    return json.loads(done.stdout or "[]")  # type: ignore[no-any-return]


def _new(found: list[tuple[int, str]], old: list[str], written: set[int]) -> list[str]:
    """Findings (row, "CODE message") on written rows that the original did not have."""
    left = collections.Counter(old)
    new = []
    for row, key in found:
        if left[key]:
            left[key] -= 1
        elif row in written:
            new.append(f"{row}: {key}")
    return new


def recheck(out: Path, name: str, command: list[str]) -> int:
    original = out / name / "check" / name
    problems = 0
    for mode in ("safe", "unsafe"):
        fixed = out / name / mode / name
        changed = [p.relative_to(fixed) for p in sorted(fixed.rglob("*.py"))
                   if (original / p.relative_to(fixed)).read_bytes() != p.read_bytes()]
        files = [str(p) for p in changed]
        new_synclint: list[str] = []
        new_ruff: list[str] = []
        if files:
            before = collections.defaultdict(list)
            for d in _synclint(command, original, files):
                before[d["filename"]].append(f"{d['code']} {d['message']}")
            after = collections.defaultdict(list)
            for d in _synclint(command, fixed, files):
                after[d["filename"]].append((d["location"]["row"],  # type: ignore[index]
                                             f"{d['code']} {d['message']}"))
            for file in files:
                text_before = (original / file).read_text(encoding="utf-8", errors="replace")
                text_after = (fixed / file).read_text(encoding="utf-8", errors="replace")
                written = _written(text_before, text_after)
                new_synclint += [f"{file}:{n}" for n in _new(after[file], before[file],
                                                             written)]
                if shutil.which("ruff") is not None:
                    old = [f"{d['code']} {d['message']}" for d in _ruff(original, file,
                                                                         text_before)]
                    found = [(d["location"]["row"], f"{d['code']} {d['message']}")  # type: ignore[index]
                             for d in _ruff(fixed, file, text_after)]
                    new_ruff += [f"{file}:{n}" for n in _new(found, old, written)]
        ruff = len(new_ruff) if shutil.which("ruff") is not None else "(ruff not installed)"
        print(f"{name:<24} {mode:<7} files rewritten {len(files):3}  new synclint findings "
              f"{len(new_synclint)}  new ruff E/F/W/B findings {ruff}")
        for line in new_synclint + new_ruff:
            print(f"    {line}")
        problems += len(new_synclint) + len(new_ruff)
    return problems


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0].startswith("-"):
        print(__doc__)
        return 2
    command = [sys.executable, "-m", "synclint"]
    if "--synclint" in argv:
        index = argv.index("--synclint")
        command = [argv[index + 1]]
        del argv[index:index + 2]
    out = Path(argv[0])
    return 1 if sum(recheck(out, name, command) for name in argv[1:]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
