"""SYN100 unused-noqa: `# noqa: SYN...` codes that suppress nothing, found after filtering."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from synclint.diagnostics import Applicability, Diagnostic, Edit, Fix, Location
from synclint.rules.base import Example, Rule
from synclint.suppression import _IGNORE, _NOQA, _comments

CODE = "SYN100"
#: Codes a suppression comment may name that synclint itself judges.
_OURS = re.compile(r"SYN[0-9]+")
#: Where a code `_OURS` accepts could be written (codes are matched case-insensitively).
_SYN_CODE = re.compile(r"SYN[0-9]", re.IGNORECASE)
#: Codes never reported as unused: syntax errors are not filtered by comments at all,
#: and SYN100 itself would report its own suppression.
_NEVER_JUDGED = frozenset({"SYN000", CODE})


class UnusedNoqa(Rule):
    code = CODE
    name = "unused-noqa"
    summary = "A `# noqa: SYN...` code suppresses nothing on its line"
    group = "suppressions"
    default_enabled = False
    fixable = True

    VALID = [
        # Bare `# noqa` is shared with other linters: never judged.
        "x = 1  # noqa\n",
        # Other tools' codes are theirs to judge.
        "import os  # noqa: F401\n",
        # A code of a rule that is not enabled is not judged (SYN101 is off here).
        "import torch\nfor t in ts:\n    t.item()  # noqa: SYN101\n",
        # `# noqa` inside a string is not a comment.
        "s = '# noqa: SYN999'\n",
    ]
    INVALID = [
        Example("x = 1  # noqa: SYN999\n", expected_fix="x = 1\n", count=1),
        Example("x = 1  # noqa: E501, SYN998\n", expected_fix="x = 1  # noqa: E501\n"),
        Example("x = 1  # synclint: ignore[SYN997]\n", expected_fix="x = 1\n"),
        Example("x = 1  # noqa: SYN999  # type: ignore\n",
                expected_fix="x = 1  # type: ignore\n"),
    ]

    @classmethod
    def could_match(cls, source: str) -> bool:
        # Not a walk rule: the engine runs `unused_noqa` after suppression filtering.
        return False


@dataclass(frozen=True)
class Directive:
    """One suppression directive in a comment, with the span of its code list."""

    row: int
    #: 0-based character columns of the directive and of its code list in the line.
    start: int
    end: int
    codes_start: int
    codes_end: int
    codes: tuple[str, ...]
    kind: str  # "noqa" or "ignore"


def directives(source: str) -> list[Directive]:
    """Every `# noqa: CODES` and `# synclint: ignore[CODES]` directive with codes."""
    if "noqa" not in source and "synclint:" not in source:
        return []
    found: list[Directive] = []
    lines = source.splitlines()
    for row, comment in _comments(source):
        line = lines[row - 1] if row - 1 < len(lines) else comment
        offset = line.rfind(comment)
        if offset < 0:
            continue
        for pattern, kind in ((_NOQA, "noqa"), (_IGNORE, "ignore")):
            for match in pattern.finditer(comment):
                codes = match.group("codes")
                if not codes or re.match(r"^\s*#\s*synclint:\s*noqa", comment):
                    continue
                found.append(Directive(
                    row, offset + match.start(), offset + match.end(),
                    offset + match.start("codes"), offset + match.end("codes"),
                    tuple(re.findall(r"[A-Za-z]+[0-9]+", codes)), kind,
                ))
    return found


def unused_noqa(source: str, filename: str, enabled: Collection[str],
                used: Iterable[tuple[int, str]], known: Collection[str]) -> list[Diagnostic]:
    """SYN100 findings: codes of enabled (or unknown) SYN rules that matched no finding.

    `used` holds (row, code) of every finding a line suppression filtered out.
    """
    if _SYN_CODE.search(source) is None:
        # Only synclint's own codes are judged, and a comment is part of the source: no
        # `SYN<digits>` anywhere, no finding (and no tokenizing of the file for comments).
        return []
    used_set = set(used)
    lines = source.splitlines()
    found: list[Diagnostic] = []
    for directive in directives(source):
        unused = [
            code for code in directive.codes
            if _OURS.fullmatch(code.upper()) and code.upper() not in _NEVER_JUDGED
            and (code.upper() in enabled or code.upper() not in known)
            and (directive.row, code.upper()) not in used_set
        ]
        if not unused:
            continue
        unknown = [code for code in unused if code.upper() not in known]
        detail = ", ".join(unused)
        message = f"Unused suppression of {detail}: nothing on this line is reported by it"
        if unknown:
            message += f" ({', '.join(unknown)}: no such rule)"
        line = lines[directive.row - 1]
        fix = Fix(Applicability.SAFE, "Remove the unused suppression",
                  _removal(line, directive, set(unused), source.count("\n") + 1))
        found.append(Diagnostic(CODE, message, filename,
                                Location(directive.row, directive.start + 1),
                                Location(directive.row, directive.end + 1), fix))
    return found


def _removal(line: str, directive: Directive, unused: set[str],
             line_count: int) -> tuple[Edit, ...]:
    row = directive.row
    kept = [code for code in directive.codes if code not in unused]
    if kept:
        return (Edit(", ".join(kept), Location(row, directive.codes_start + 1),
                     Location(row, directive.codes_end + 1)),)
    before, after = line[:directive.start], line[directive.end:]
    start, end = directive.start, directive.end
    if after.strip() == "" and before.strip() == "":
        # A comment alone on its line: the whole line goes.
        if row < line_count:
            return (Edit("", Location(row, 1), Location(row + 1, 1)),)
        return (Edit("", Location(row, 1), Location(row, len(line) + 1)),)
    gap = len(after) - len(after.lstrip())
    if after.strip() == "":
        # `code  # noqa: X` -> `code`.
        return (Edit("", Location(row, len(before.rstrip()) + 1), Location(row, len(line) + 1)),)
    if after.lstrip().startswith("#"):
        # `code  # noqa: X  # other` -> `code  # other`.
        return (Edit("", Location(row, start + 1), Location(row, end + gap + 1)),)
    # `code  # noqa: X because ...` -> `code  # because ...`: the words stay a comment.
    return (Edit("# ", Location(row, start + 1), Location(row, end + gap + 1)),)
