"""The fix loop: lint, apply non-overlapping fixes, re-parse, re-lint, until nothing
fixable is left (or a round limit, then an error and the text left as it was)."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import libcst as cst

from synclint.diagnostics import Diagnostic, FileError
from synclint.engine import SYNTAX_ERROR, LintOutput, lint_source, run_with_big_stack
from synclint.fixes.apply import (
    Offsets,
    apply_fixes,
    apply_spans,
    resolve,
    select,
)

__all__ = ["MAX_ROUNDS", "FixResult", "apply_fixes", "fix_source"]

MAX_ROUNDS = 10


@dataclass(frozen=True)
class FixResult:
    """What fixing one text did.

    `error` set means the text was left exactly as given (`text` is the input, `fixed`
    is empty, `remaining` is the first lint's findings): a loop that does not converge or
    a rule that crashes mid-way is a bug, and half-fixed output is not worth writing.
    """

    text: str
    changed: bool
    #: Findings fixed, per rule code.
    fixed: Mapping[str, int] = field(default_factory=dict, hash=False)
    #: The findings of the final text (unfixable ones, unsafe ones not opted in, ...).
    remaining: tuple[Diagnostic, ...] = ()
    #: The findings whose fixes were applied, with the positions of their round.
    applied: tuple[Diagnostic, ...] = ()
    #: Rounds of edits that were kept.
    rounds: int = 0
    #: One line per fix discarded because it would have produced invalid Python.
    discarded: tuple[str, ...] = ()
    error: FileError | None = None

    @property
    def fixed_total(self) -> int:
        return sum(self.fixed.values())


def fix_source(text: str, filename: str, codes: Iterable[str], *, unsafe: bool = False,
               max_rounds: int = MAX_ROUNDS,
               fixable: frozenset[str] | None = None) -> FixResult:
    """Fix `text` (with "\\n" line endings) with the rules `codes`; never raises for bad
    input. A file that does not parse comes back unchanged with its SYN000 finding."""
    codes = frozenset(codes)
    first = lint_source(text, filename, codes)
    if first.error is not None:
        return FixResult(text, False, remaining=tuple(first.diagnostics), error=first.error)
    checker = _SyntaxChecker(text)
    current, output = text, first
    fixed: Counter[str] = Counter()
    applied_all: list[Diagnostic] = []
    discarded: list[str] = []
    rejected: set[tuple[object, ...]] = set()
    one_at_a_time = False
    rounds = 0
    while True:
        offsets = Offsets(current)

        def acceptable(diagnostic: Diagnostic, text: str = current,
                       offsets: Offsets = offsets) -> bool:
            if fixable is not None and diagnostic.code not in fixable:
                return False  # --unfixable / --fixable: reported, never fixed
            return not rejected or _identity(diagnostic, text, offsets) not in rejected

        applied, spans = select(current, output.diagnostics, unsafe=unsafe, accept=acceptable,
                                limit=1 if one_at_a_time else None)
        if not applied:
            break
        if rounds >= max_rounds:
            message = (f"fixes did not converge after {max_rounds} rounds; "
                       "file left unchanged")
            return _failed(text, first.diagnostics, FileError(filename, message, internal=True))
        new = apply_spans(current, spans)
        if new == current:
            # Fixes that change nothing would be offered forever.
            rejected.update(_identity(diagnostic, current, offsets) for diagnostic in applied)
            continue
        candidate = lint_source(new, filename, codes)
        problem = checker.problem(new, candidate)
        if problem is not None:
            culprits = _culprits(current, applied, checker)
            if not culprits:
                # Each fix is fine alone, only their combination breaks: go one by one.
                one_at_a_time = True
                continue
            for diagnostic, why in culprits:
                rejected.add(_identity(diagnostic, current, offsets))
                discarded.append(
                    f"{filename}:{diagnostic.location.row}:{diagnostic.location.column}: "
                    f"{diagnostic.code} fix discarded: it would produce invalid Python ({why})"
                )
            continue
        if candidate.error is not None:
            return _failed(text, first.diagnostics, candidate.error)
        current, output = new, candidate
        rounds += 1
        fixed.update(diagnostic.code for diagnostic in applied)
        applied_all.extend(applied)
    return FixResult(current, current != text, dict(fixed), tuple(output.diagnostics),
                     tuple(applied_all), rounds, tuple(discarded))


def _failed(text: str, diagnostics: Iterable[Diagnostic], error: FileError) -> FixResult:
    return FixResult(text, False, remaining=tuple(diagnostics), error=error)


def _identity(diagnostic: Diagnostic, text: str, offsets: Offsets) -> tuple[object, ...]:
    """A fix's identity that survives earlier edits moving it: what it replaces and with
    what, not where."""
    fix = diagnostic.fix
    assert fix is not None
    spans = resolve(fix, offsets) or ()
    return (diagnostic.code, fix.message,
            tuple((text[span.start:span.end], span.content) for span in spans))


def _culprits(text: str, applied: list[Diagnostic],
              checker: _SyntaxChecker) -> list[tuple[Diagnostic, str]]:
    """The fixes of a broken round that break the code on their own."""
    culprits: list[tuple[Diagnostic, str]] = []
    verdicts: dict[object, str | None] = {}
    for diagnostic in applied:
        if diagnostic.fix not in verdicts:
            alone, _ = apply_fixes(text, [diagnostic], unsafe=True)
            verdicts[diagnostic.fix] = checker.problem(alone)
        why = verdicts[diagnostic.fix]
        if why is not None:
            culprits.append((diagnostic, why))
    return culprits


class _SyntaxChecker:
    """Whether a fixed text is still valid Python: LibCST must parse it, and so must the
    running interpreter's own parser when it accepted the original (LibCST accepts a few
    things CPython rejects, such as assigning to a literal)."""

    def __init__(self, original: str) -> None:
        self._original = original
        self._strict: bool | None = None

    def problem(self, text: str, linted: LintOutput | None = None) -> str | None:
        """Why `text` is not valid Python, or None; `linted` (its lint) saves a parse."""
        syntax_errors = [d for d in linted.diagnostics if d.code == SYNTAX_ERROR] \
            if linted is not None else []
        if syntax_errors:
            error = syntax_errors[0]
            return f"{error.message} at line {error.location.row}"
        if linted is None or linted.module is None:
            try:
                run_with_big_stack(lambda: cst.parse_module(text))
            except cst.ParserSyntaxError as error:
                return _first_line(error.message) + f" at line {error.raw_line}"
            except RecursionError:
                return "too deeply nested"
        if self._strict is None:
            self._strict = _compiles(self._original) is None
        if self._strict:
            return _compiles(text)
        return None


def _compiles(text: str) -> str | None:
    try:
        ast.parse(text)
    except SyntaxError as error:
        return f"{_first_line(error.msg)} at line {error.lineno}"
    except (ValueError, RecursionError, MemoryError) as error:
        return _first_line(str(error)) or type(error).__name__
    return None


def _first_line(message: str | None) -> str:
    lines = str(message or "invalid syntax").strip().splitlines()
    return lines[0] if lines else "invalid syntax"
