"""Whether a change is words only: the (file, line, code) findings of two runs are the same.

    python3 same_findings.py BEFORE_DIR AFTER_DIR

Each folder holds one `synclint check --select ALL --no-cache --exit-zero --output-format
json PKG` output per package (same file names in both). Prints, per file, the findings
before and after and whether their (file, line, code) multisets are identical (messages
ignored); then how many findings' message or related notes changed, and counts, on each
side, of messages over 100 characters, quotes with cut code (a `...` that is not a whole
argument, or four dots), "a setting holds" and "every call of the metric".
"""
import collections
import json
import pathlib
import re
import sys

A, B = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
QUOTE = re.compile(r"`[^`]*`")
WHOLE = re.compile(r"(?<=[(\[,=] )\.\.\.(?=[)\],])|(?<=[(\[=])\.\.\.(?=[)\],])")
total = changed = 0
ok = True
stats = collections.Counter()
examples = collections.defaultdict(list)
for fa in sorted(A.glob("*.json")):
    fb = B / fa.name
    da, db = json.loads(fa.read_text()), json.loads(fb.read_text())
    ka = collections.Counter((f["filename"], f["location"]["row"], f["code"]) for f in da)
    kb = collections.Counter((f["filename"], f["location"]["row"], f["code"]) for f in db)
    same = ka == kb
    ok &= same
    print(f"{fa.stem:24} before {sum(ka.values()):5} after {sum(kb.values()):5} identical {same}")
    if not same:
        print("   gone", list((ka - kb).items())[:5], "new", list((kb - ka).items())[:5])
    total += len(da)
    for side, data in (("before", da), ("after", db)):
        for f in data:
            texts = [f["message"], *(r["message"] for r in f.get("related") or [])]
            stats[side, "over100"] += len(f["message"]) > 100
            stats[side, "cut"] += sum(any("..." in WHOLE.sub("", q) for q in QUOTE.findall(t)) or "...." in t for t in texts)
            stats[side, "setting-holds"] += sum("a setting holds" in t for t in texts)
            stats[side, "every-call-of-metric"] += sum("every call of the metric" in t for t in texts)
    for x, y in zip(sorted(da, key=lambda f: (f["filename"], f["location"]["row"], f["location"]["column"], f["code"])),
                    sorted(db, key=lambda f: (f["filename"], f["location"]["row"], f["location"]["column"], f["code"]))):
        if x["message"] != y["message"] or [r["message"] for r in x.get("related") or []] != [r["message"] for r in y.get("related") or []]:
            changed += 1
print("all identical:", ok, "| findings", total, "| findings whose message or related changed", changed)
for k in sorted(stats):
    print(k, stats[k])
