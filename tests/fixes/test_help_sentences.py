"""What every finding says over the repository's cases (the fix shapes, the precision
cases, the examples): a message and a help that read as sentences, a capital (or a number)
first, never shouted (no run of three words in capitals; `GPU`, `CPU` and code in backticks
are fine)."""

from __future__ import annotations

import re
from pathlib import Path

from synclint.engine import lint_source
from synclint.rule_info import RULES

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted([*(ROOT / "tests" / "fixes" / "shapes").rglob("*.py"),
                *(ROOT / "benchmarks" / "precision").rglob("*.py"),
                *(ROOT / "examples").rglob("*.py")])


def _shouted(text: str) -> bool:
    words = re.findall(r"[A-Za-z]+", re.sub(r"`[^`]*`", "", text))
    return any(all(w.isupper() and len(w) > 1 for w in words[i:i + 3])
               for i in range(len(words) - 2))


def test_every_message_and_help_reads_as_a_sentence() -> None:
    assert len(CASES) > 500  # the cases are where they were
    said: dict[str, str] = {}
    for path in CASES:
        for finding in lint_source(path.read_text(encoding="utf-8"), str(path),
                                   sorted(RULES)).diagnostics:
            for text in (finding.message, finding.help or ""):
                said.setdefault(text, f"{path.name}: {finding.code}")
    assert len(said) > 100
    for text, where in said.items():
        if not text:
            continue
        assert re.match(r"[A-Z0-9`]", text), (where, text)
        assert not _shouted(text), (where, text)
