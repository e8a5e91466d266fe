"""How often the two inferences agree: every kind a rule asks of the LibCST inference
(`analysis/infer.py`) against the model's fact for the same span (`model/facts.py`).

    python benchmarks/inference_agreement.py                 # precision set + rule examples
    python benchmarks/inference_agreement.py --corpus DIR    # also a tree of real code
    python benchmarks/inference_agreement.py --show 40       # more disagreements

Prints the agreement rate and the most common disagreements (node type, LibCST kind,
model kind) with an example of each.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _rule_examples(directory: Path) -> None:
    from synclint.rules import ALL_RULES

    for code, rule in sorted(ALL_RULES.items()):
        for index, example in enumerate([*rule.VALID, *rule.INVALID]):
            text = example if isinstance(example, str) else example.code
            (directory / f"{code.lower()}_{index}.py").write_text(text, encoding="utf-8")


def _run(target: Path, log: Path, cwd: Path) -> None:
    env = dict(os.environ, SYNCLINT_COMPARE_INFERENCE=str(log))
    subprocess.run([sys.executable, "-m", "synclint", "check", "--select", "ALL", "--no-cache",
                    "--exit-zero", "--quiet", "--jobs", "2", str(target)], cwd=cwd, env=env,
                   stdout=subprocess.DEVNULL, check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", default=[], type=Path)
    parser.add_argument("--show", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "log.jsonl"
        examples = Path(scratch) / "examples"
        examples.mkdir()
        _rule_examples(examples)
        _run(examples, log, examples)
        for kind in ("positive", "negative"):
            for case in sorted((HERE / "precision" / kind).iterdir()):
                _run(case, log, case if case.is_dir() else case.parent)
        for corpus in args.corpus:
            _run(corpus, log, corpus)
        rows = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    same = sum(1 for row in rows if row["same"])
    print(f"{len(rows)} kinds asked; {same} agree ({100 * same / max(1, len(rows)):.1f}%)")
    groups: collections.Counter[tuple[str, str, str]] = collections.Counter()
    example: dict[tuple[str, str, str], dict[str, object]] = {}
    for row in rows:
        if row["same"]:
            continue
        key = (row["node"], row["env"], row["fact"])
        groups[key] += 1
        example.setdefault(key, row)
    for key, count in groups.most_common(args.show):
        row = example[key]
        print(f"{count:6}  {key[0]:<18} libcst={key[1]:<28} model={key[2]:<28} "
              f"{row['file']}:{row['line']}  {row['code']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
