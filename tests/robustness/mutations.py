"""Seeded mutation of real sources: delete, duplicate and swap random lines and tokens,
to feed `check` and `fix` the half-edited, broken code an editor hands a linter."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Rough tokens: names, numbers, short strings, operators; exactness does not matter.
_TOKEN = re.compile(r"""\w+|'[^'\n]*'|"[^"\n]*"|\*\*|//|->|:=|[-+*/%@<>=!]=|\S""")
OPERATORS = ("delete-line", "duplicate-line", "swap-lines", "delete-token",
             "duplicate-token", "swap-tokens", "dedent-line", "indent-line")


def corpus() -> Iterator[tuple[str, str]]:
    """(name, source) of every example and test file, the labelled precision snippets, the
    rules' VALID/INVALID examples and the catalog pages' code blocks."""
    for directory in ("examples", "tests", "benchmarks/precision"):
        for path in sorted((ROOT / directory).rglob("*.py")):
            if "regressions" in path.parts:
                continue  # some of those are deliberately huge or slow
            try:
                yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
    from synclint.rules import ALL_RULES

    for code, rule in ALL_RULES.items():
        for index, example in enumerate([*rule.VALID, *rule.INVALID]):
            text = example if isinstance(example, str) else example.code
            yield f"{code}-example-{index}", text
            fixed = None if isinstance(example, str) else example.expected_fix
            if fixed:
                yield f"{code}-fixed-{index}", fixed
    for page in sorted((ROOT / "rules").glob("*.md")):
        blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
        for index, block in enumerate(blocks):
            yield f"{page.stem}-doc-{index}", block


def mutate(source: str, rng: random.Random, count: int | None = None) -> str:
    """`source` after `count` (default 1-3) random mutations."""
    for _ in range(count if count is not None else rng.randint(1, 3)):
        source = _mutate_once(source, rng, rng.choice(OPERATORS))
    return source


def _mutate_once(source: str, rng: random.Random, operator: str) -> str:
    if operator.endswith("line"):
        lines = source.splitlines(keepends=True)
        if not lines:
            return source
        index = rng.randrange(len(lines))
        if operator == "delete-line":
            del lines[index]
        elif operator == "duplicate-line":
            lines.insert(index, lines[index])
        elif operator == "dedent-line":
            lines[index] = lines[index][4:] if lines[index].startswith("    ") else lines[index]
        else:
            lines[index] = "    " + lines[index]
        return "".join(lines)
    if operator == "swap-lines":
        lines = source.splitlines(keepends=True)
        if len(lines) < 2:
            return source
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return "".join(lines)
    tokens = [match.span() for match in _TOKEN.finditer(source)]
    if not tokens:
        return source
    start, end = tokens[rng.randrange(len(tokens))]
    if operator == "delete-token":
        return source[:start] + source[end:]
    if operator == "duplicate-token":
        return source[:end] + " " + source[start:end] + source[end:]
    other_start, other_end = tokens[rng.randrange(len(tokens))]
    (start, end), (other_start, other_end) = sorted([(start, end), (other_start, other_end)])
    if other_start < end:
        return source
    return (source[:start] + source[other_start:other_end] + source[end:other_start]
            + source[start:end] + source[other_end:])
