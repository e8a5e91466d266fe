"""The properties every input must satisfy, as one function shared by the test suite
and the fuzz, mutation and soak scripts: `check` never crashes or reports an internal
error, and `fix` produces valid, idempotent code that keeps other rules' findings."""

from __future__ import annotations

import ast
import traceback
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from synclint.engine import SYNTAX_ERROR, lint_source, run_with_big_stack
from synclint.fixer import FixResult, fix_source
from synclint.rules import ALL_RULES


@dataclass(frozen=True)
class Failure:
    """One broken property for one input."""

    #: "crash", "internal-error", "unparsable-fix", "not-idempotent" or "lost-finding".
    kind: str
    detail: str
    source: str

    def describe(self) -> str:
        return f"[{self.kind}] {self.detail}"


def all_codes() -> frozenset[str]:
    """Every registered rule, read at call time so rules added later are fuzzed too."""
    return frozenset(ALL_RULES)


def compile_problem(text: str, filename: str = "<fuzz>") -> str | None:
    """Why the running interpreter refuses `text`, or None when it compiles."""
    try:
        run_with_big_stack(lambda: compile(text, filename, "exec", dont_inherit=True))
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def _parse_problem(text: str) -> str | None:
    try:
        run_with_big_stack(lambda: ast.parse(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def _crash(what: str, source: str) -> Failure:
    return Failure("crash", f"{what} raised:\n{traceback.format_exc(limit=-6)}", source)


def check_properties(source: str, filename: str = "fuzz.py",
                     codes: Iterable[str] | None = None, *,
                     idempotence: bool = True) -> list[Failure]:
    """Every property violated by `source` (an empty list: all hold)."""
    codes = frozenset(codes) if codes is not None else all_codes()
    failures: list[Failure] = []
    try:
        linted = lint_source(source, filename, codes)
    except Exception:
        return [_crash("lint_source", source)]
    if linted.error is not None and linted.error.internal:
        failures.append(Failure("internal-error", f"check: {linted.error.message}", source))
    original_counts = Counter(d.code for d in linted.diagnostics)
    compiled = None
    for unsafe in (False, True):
        try:
            result = fix_source(source, filename, codes, unsafe=unsafe)
        except Exception:
            failures.append(_crash(f"fix_source(unsafe={unsafe})", source))
            continue
        failures.extend(_fix_failures(source, filename, codes, result, unsafe,
                                      original_counts, idempotence))
        if result.changed and compiled is None:
            compiled = compile_problem(source, filename) is None
        if result.changed and compiled:
            problem = compile_problem(result.text, filename)
            if problem is not None:
                failures.append(Failure(
                    "unparsable-fix",
                    f"fix(unsafe={unsafe}) of compiling code does not compile: {problem}\n"
                    f"--- fixed text ---\n{result.text}", source))
    return failures


#: Fixes that resolve another rule's finding by design: reading the values in one
#: transfer turns `torch.tensor([a.item(), float(b)])` (SYN110) into a tensor of host
#: numbers, which is no longer a per-element read.
RESOLVES: dict[str, frozenset[str]] = {
    "SYN101": frozenset({"SYN110"}),
    "SYN106": frozenset({"SYN110"}),
    "SYN112": frozenset({"SYN110"}),
}


def _fix_failures(source: str, filename: str, codes: frozenset[str], result: FixResult,
                  unsafe: bool, original_counts: Counter[str],
                  idempotence: bool) -> list[Failure]:
    failures: list[Failure] = []
    label = f"fix(unsafe={unsafe})"
    if result.error is not None and result.error.internal:
        failures.append(Failure("internal-error", f"{label}: {result.error.message}", source))
    if not result.changed:
        if result.text != source:
            failures.append(Failure("internal-error",
                                    f"{label}: changed=False but the text differs", source))
        return failures
    problem = _parse_problem(result.text)
    if problem is not None and _parse_problem(source) is None:
        failures.append(Failure("unparsable-fix", f"{label} does not parse: {problem}\n"
                                f"--- fixed text ---\n{result.text}", source))
        return failures
    if SYNTAX_ERROR in {d.code for d in result.remaining} and not original_counts[SYNTAX_ERROR]:
        failures.append(Failure("unparsable-fix", f"{label} introduced a SYN000\n"
                                f"--- fixed text ---\n{result.text}", source))
    remaining = Counter(d.code for d in result.remaining)
    for code, count in sorted(original_counts.items()):
        resolved = any(code in RESOLVES.get(fixed, ()) for fixed in result.fixed)
        if code not in result.fixed and not resolved and remaining[code] < count:
            failures.append(Failure(
                "lost-finding",
                f"{label} fixed {dict(result.fixed)} and lost {count - remaining[code]} "
                f"{code} finding(s) it did not fix\n--- fixed text ---\n{result.text}", source))
    if idempotence:
        try:
            again = fix_source(result.text, filename, codes, unsafe=unsafe)
        except Exception:
            failures.append(_crash(f"{label} of its own output", result.text))
            return failures
        if again.changed:
            failures.append(Failure(
                "not-idempotent", f"{label} changes its own output again "
                f"(fixed {dict(again.fixed)})\n--- first fix ---\n{result.text}\n"
                f"--- second fix ---\n{again.text}", source))
        elif again.error is not None and again.error.internal:
            failures.append(Failure("internal-error",
                                    f"{label} of its own output: {again.error.message}", source))
    return failures
