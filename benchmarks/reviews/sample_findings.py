"""Draw a fixed-seed sample of findings from synclint JSON outputs and print each with the
code around it: python sample_findings.py SEED N CORPUS=FILE.json ... (CORPUS_ROOT holds the
unzipped sources, each corpus in a folder of its name; default: the current directory). A
notebook finding's rows count from its cell (the finding's `cell`), so its cell is shown."""
import json
import os
import pathlib
import random
import sys

seed, n = int(sys.argv[1]), int(sys.argv[2])
items = []
for arg in sys.argv[3:]:
    corpus, path = arg.split("=")
    data = json.load(open(path))
    for d in data:
        items.append((corpus, d))
random.Random(seed).shuffle(items)
for i, (corpus, d) in enumerate(items[:n], 1):
    top = pathlib.Path(os.environ.get("CORPUS_ROOT", "."))
    root = top / corpus
    f = root / d["filename"] if not d["filename"].startswith("/") else pathlib.Path(d["filename"])
    if not f.exists() and (top / d["filename"]).exists():
        f = top / d["filename"]  # findings of a run from the corpora's parent directory
    line = d["location"]["row"]
    if not f.exists():
        sys.exit(f"{d['filename']}: not found under {top.resolve()} (set CORPUS_ROOT to the "
                 "folder that holds the unzipped corpora)")
    lines = f.read_text().splitlines()
    if d.get("cell"):  # a notebook: rows count from the cell's first line (cell 1 = the first)
        cells = json.loads("\n".join(lines))["cells"]
        lines = "".join(cells[d["cell"] - 1]["source"]).splitlines()
    # find enclosing def
    j = line - 1
    while j > 0 and not lines[j].lstrip().startswith(("def ", "async def ")):
        j -= 1
    print(f"=== #{i} {corpus} {d['code']} {d['filename']}:{line}  {d['message']}")
    if d.get("related"):
        for r in d["related"]:
            print(f"    related: {r}")
    print(f"    [{j+1}] {lines[j].strip()}")
    for k in range(max(j + 1, line - 12), min(len(lines), line + 3)):
        print(f"{'>' if k == line - 1 else ' '}{k+1:5} {lines[k]}")
