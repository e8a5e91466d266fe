"""The fix loop: lint, apply non-overlapping fixes, re-parse, re-lint, until nothing
fixable is left (or a round limit, then an error and the text left as it was)."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
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
    #: The final text's findings hidden by default, per tier (`synclint/hidden.py`).
    hidden: tuple[tuple[str, int], ...] = ()

    @property
    def fixed_total(self) -> int:
        return sum(self.fixed.values())


def fix_source(text: str, filename: str, codes: Iterable[str], *, unsafe: bool = False,
               max_rounds: int = MAX_ROUNDS,
               fixable: frozenset[str] | None = None,
               lint: Callable[[str], LintOutput] | None = None) -> FixResult:
    """Fix `text` (with "\\n" line endings) with the rules `codes`; never raises for bad
    input. A file that does not parse comes back unchanged with its SYN000 finding.

    `lint` lints a text of this file as the caller's model of the program sees it (the
    session's view after the edit); by default the file is indexed on its own."""
    codes = frozenset(codes)
    if lint is None:
        def lint(current: str) -> LintOutput:
            return lint_source(current, filename, codes)
    fixer = FileFixer(text, filename, unsafe=unsafe, fixable=fixable, max_rounds=max_rounds)
    output = lint(text)
    fixer.start(output)
    while True:
        new = fixer.propose()
        if new is None:
            return fixer.result()
        fixer.adopt(lint(new))


class FileFixer:
    """One file's fix loop, as steps a caller drives (so that every file of a project
    can take a round, then the model is brought up to date once, then the next round):

    `start(output)` with the first lint; then, while `propose()` gives a new text (this
    round's non-overlapping fixes applied, valid Python), `adopt(output)` with the lint
    of that text; `result()` at the end."""

    def __init__(self, text: str, filename: str, *, unsafe: bool = False,
                 fixable: frozenset[str] | None = None, max_rounds: int = MAX_ROUNDS) -> None:
        self.original = text
        self.filename = filename
        self.unsafe = unsafe
        self.fixable = fixable
        self.max_rounds = max_rounds
        self.current = text
        self.first: LintOutput | None = None
        self.output: LintOutput | None = None
        self.error: FileError | None = None
        self._checker = _SyntaxChecker(text)
        self._fixed: Counter[str] = Counter()
        self._applied: list[Diagnostic] = []
        self._discarded: list[str] = []
        self._rejected: set[tuple[object, ...]] = set()
        self._one_at_a_time = False
        self._rounds = 0
        self._pending: tuple[str, list[Diagnostic]] | None = None

    def start(self, output: LintOutput) -> None:
        self.first = self.output = output
        if output.error is not None:
            self.error = output.error

    @property
    def done(self) -> bool:
        return self.error is not None or self.output is None

    def propose(self) -> str | None:
        """The text after this round's fixes, or None when nothing is left to fix (or
        the loop failed: `result()` then gives the text as it was, with the error)."""
        if self.done:
            return None
        assert self.output is not None
        current, rejected, fixable = self.current, self._rejected, self.fixable
        while True:
            offsets = Offsets(current)

            def acceptable(diagnostic: Diagnostic, offsets: Offsets = offsets) -> bool:
                if fixable is not None and diagnostic.code not in fixable:
                    return False  # --unfixable / --fixable: reported, never fixed
                return not rejected or _identity(diagnostic, current, offsets) not in rejected

            applied, spans = select(current, self.output.diagnostics, unsafe=self.unsafe,
                                    accept=acceptable,
                                    limit=1 if self._one_at_a_time else None)
            if not applied:
                return None
            if self._rounds >= self.max_rounds:
                message = (f"fixes did not converge after {self.max_rounds} rounds; "
                           "file left unchanged")
                self.error = FileError(self.filename, message, internal=True)
                return None
            new = apply_spans(current, spans)
            if new == current:
                # Fixes that change nothing would be offered forever.
                rejected.update(_identity(d, current, offsets) for d in applied)
                continue
            problem = self._checker.problem(new)
            if problem is not None:
                culprits = _culprits(current, applied, self._checker)
                if not culprits:
                    # Each fix is fine alone, only their combination breaks: one by one.
                    self._one_at_a_time = True
                    continue
                for diagnostic, why in culprits:
                    rejected.add(_identity(diagnostic, current, offsets))
                    self._discarded.append(
                        f"{self.filename}:{diagnostic.location.row}:"
                        f"{diagnostic.location.column}: {diagnostic.code} fix discarded: "
                        f"it would produce invalid Python ({why})")
                continue
            self._pending = (new, applied)
            return new

    def adopt(self, output: LintOutput) -> None:
        """The lint of the text `propose` gave: that text becomes the current one."""
        assert self._pending is not None
        new, applied = self._pending
        self._pending = None
        if output.error is not None:
            self.error = output.error
            return
        self.current, self.output = new, output
        self._rounds += 1
        self._fixed.update(diagnostic.code for diagnostic in applied)
        self._applied.extend(applied)

    def result(self) -> FixResult:
        first = self.first
        assert first is not None
        if self.error is not None:
            return _failed(self.original, first.diagnostics, self.error, first.hidden)
        assert self.output is not None
        return FixResult(self.current, self.current != self.original, dict(self._fixed),
                         tuple(self.output.diagnostics), tuple(self._applied), self._rounds,
                         tuple(self._discarded), hidden=self.output.hidden)


def _failed(text: str, diagnostics: Iterable[Diagnostic], error: FileError,
            hidden: tuple[tuple[str, int], ...] = ()) -> FixResult:
    return FixResult(text, False, remaining=tuple(diagnostics), error=error, hidden=hidden)


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
