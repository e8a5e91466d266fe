"""What `synclint fix` does to real code bases, hunk by hunk: how many safe and unsafe
fixes it offers, and how many lines each fixed loop adds.

Usage: python benchmarks/corpus_hunks.py OUT SOURCE... [--synclint PATH] [--jobs N]

For each SOURCE directory (a code base, such as an unzipped wheel), copies it to
OUT/<name>, lists the findings with `check --output-format json` (every fix is there,
safe or unsafe), then runs `fix` and `fix --unsafe-fixes` on two copies and splits the
changes into hunks. Each hunk is tagged with the codes of the findings it covers and the
lines it adds (added minus removed). Writes OUT/<name>.findings.json, OUT/<name>.safe.diff,
OUT/<name>.unsafe.diff and OUT/summary.json, and prints per code base: findings with a safe / unsafe fix, hunks
of `fix` and of `fix --unsafe-fixes`, and lines added per fixed loop (each distinct
SYN101/SYN102 fix applied alone to its file, `import torch` included): median and largest. `--synclint` runs another synclint (the start of a session,
say: /work/baseline/.venv/bin/synclint); the default is this checkout's.
"""

from __future__ import annotations

import difflib
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

LOOP_CODES = ("SYN101", "SYN102")


def _files(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root.parent)): p.read_text(encoding="utf-8",
                                                        errors="surrogateescape")
            for p in sorted(root.rglob("*.py"))}


def _copy(source: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".synclint_cache"))
    for path in target.rglob("*"):
        path.chmod(path.stat().st_mode | 0o200)


def _run(synclint: list[str], args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*synclint, *args], cwd=cwd, capture_output=True, text=True,
                          check=False)


def _hunks(before: dict[str, str], after: dict[str, str]) -> list[dict[str, object]]:
    hunks: list[dict[str, object]] = []
    for name, old in before.items():
        new = after.get(name, old)
        if new == old:
            continue
        a, b = old.splitlines(), new.splitlines()
        matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
        for group in matcher.get_grouped_opcodes(0):
            first, last = group[0], group[-1]
            i1, i2, j1, j2 = first[1], last[2], first[3], last[4]
            hunks.append({"file": name, "old": [i1 + 1, i2], "new": [j1 + 1, j2],
                          "added": (j2 - j1) - (i2 - i1),
                          "removed_text": a[i1:i2], "added_text": b[j1:j2]})
    return hunks


def _tag(hunks: list[dict[str, object]], findings: list[dict[str, object]],
         applicability: set[str]) -> None:
    for hunk in hunks:
        start, end = hunk["old"]  # type: ignore[misc]
        codes = set()
        for finding in findings:
            fix = finding.get("fix")
            if not fix or fix["applicability"] not in applicability:  # type: ignore[index]
                continue
            if finding["filename"] != hunk["file"]:
                continue
            row = finding["location"]["row"]  # type: ignore[index]
            # A hunk that only inserts lines (i1 == i2) sits before row i1 + 1.
            if start <= row <= max(end, start) or (end < start and row == start):
                codes.add(finding["code"])
        hunk["codes"] = sorted(codes)


def _applied(text: str, edits: list[dict[str, object]]) -> str:
    """`text` with the fix's edits applied (rows and columns 1-based, end exclusive)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(location: dict[str, int]) -> int:
        return starts[location["row"] - 1] + location["column"] - 1

    spans = sorted(((offset(e["location"]), offset(e["end_location"]), e["content"])  # type: ignore[arg-type]
                    for e in edits), reverse=True)
    for start, end, content in spans:
        text = text[:start] + str(content) + text[end:]
    return text


def fixed_loops(root: Path, findings: list[dict[str, object]]) -> list[dict[str, object]]:
    """Each distinct fix of a loop (SYN101/SYN102): where, how safe, lines it adds."""
    seen: dict[str, dict[str, object]] = {}
    for finding in findings:
        fix = finding.get("fix")
        if not fix or finding["code"] not in LOOP_CODES:
            continue
        key = json.dumps([finding["filename"], fix["edits"]], sort_keys=True)  # type: ignore[index]
        if key in seen:
            continue
        text = (root / str(finding["filename"])).read_text(encoding="utf-8")
        after = _applied(text, fix["edits"])  # type: ignore[index]
        seen[key] = {"file": finding["filename"], "row": finding["location"]["row"],  # type: ignore[index]
                     "applicability": fix["applicability"],  # type: ignore[index]
                     "added": len(after.splitlines()) - len(text.splitlines())}
    return list(seen.values())


def _diff(before: dict[str, str], after: dict[str, str]) -> str:
    out = []
    for name, old in before.items():
        new = after.get(name, old)
        if new != old:
            out.extend(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                            f"a/{name}", f"b/{name}", n=3))
    return "".join(out)


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0].startswith("-"):
        print(__doc__)
        return 2
    synclint = [sys.executable, "-m", "synclint"]
    jobs: list[str] = []
    if "--synclint" in argv:
        index = argv.index("--synclint")
        synclint = [argv[index + 1]]
        del argv[index:index + 2]
    if "--jobs" in argv:
        index = argv.index("--jobs")
        jobs = ["--jobs", argv[index + 1]]
        del argv[index:index + 2]
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    summary: dict[str, object] = {}
    for source in map(Path, argv[1:]):
        name = source.name
        record: dict[str, object] = {}
        work = out / "check"
        _copy(source, work / name)
        checked = _run(synclint, ["check", "--no-cache", "--exit-zero", *jobs,
                                  "--output-format", "json", name], work)
        findings = json.loads(checked.stdout or "[]")
        (out / f"{name}.findings.json").write_text(checked.stdout, encoding="utf-8")
        record["findings"] = len(findings)
        loops = fixed_loops(work, findings)
        record["fixed_loops"] = loops
        for kind in ("safe", "unsafe"):
            record[f"{kind}_fixes"] = sum(
                1 for f in findings if f.get("fix") and f["fix"]["applicability"] == kind)
            record[f"{kind}_by_code"] = sorted(
                f["code"] for f in findings if f.get("fix")
                and f["fix"]["applicability"] == kind)
        for kind, flags in (("safe", []), ("unsafe", ["--unsafe-fixes"])):
            root = out / kind
            _copy(source, root / name)
            before = _files(root / name)
            done = _run(synclint, ["fix", "--no-cache", "--exit-zero", *jobs, *flags, name],
                        root)
            after = _files(root / name)
            hunks = _hunks(before, after)
            _tag(hunks, findings, {"safe"} if kind == "safe" else {"safe", "unsafe"})
            (out / f"{name}.{kind}.diff").write_text(_diff(before, after), encoding="utf-8")
            record[kind] = {"hunks": len(hunks), "files": len({h["file"] for h in hunks}),
                            "hunk_list": hunks, "stderr": done.stderr[-2000:]}
        summary[name] = record
        safe, unsafe = record["safe"], record["unsafe"]
        assert isinstance(safe, dict) and isinstance(unsafe, dict)
        added = [loop["added"] for loop in loops]
        figure = (f"{len(added)} loops, median {statistics.median(added)} max {max(added)}"
                  if added else "-")
        print(f"{name:24} findings {record['findings']:5}  safe fixes "
              f"{record['safe_fixes']:3}  unsafe fixes {record['unsafe_fixes']:3}  hunks: "
              f"fix {safe['hunks']:3}  --unsafe-fixes {unsafe['hunks']:3}  loop lines added "
              f"{figure}", flush=True)
    (out / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    every = [loop["added"] for r in summary.values() for loop in r["fixed_loops"]]  # type: ignore[index]
    if every:
        print(f"all: fixed loops {len(every)}  lines added median "
              f"{statistics.median(every)}  max {max(every)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
