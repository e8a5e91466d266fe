"""source -> parse -> one traversal with every enabled rule -> positioned, filtered diagnostics."""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from synclint.analysis.walker import Context, Walker
from synclint.diagnostics import Diagnostic, Edit, FileError, FileResult, Fix, Location
from synclint.rules import ALL_RULES
from synclint.rules.base import PendingFix, Report, Rule, Sink, hooks_of
from synclint.suppression import Suppressions

SYNTAX_ERROR = "SYN000"

#: CPython refuses more than 200 nested brackets; LibCST's native parser can crash on
#: far fewer than a real interpreter would accept, so such files are reported, not parsed.
MAX_BRACKET_DEPTH = 200
#: Strings that must appear somewhere for any tensor to be recognised at all.
TENSOR_EVIDENCE = (
    "torch", "parameters(", "buffers(", "state_dict(", ".grad", ".detach(", ".cpu(",
    ".cuda(", ".float(", ".double(", ".half(", ".numel(", ".isnan(", ".isinf(", ".norm(",
    ".numpy(", ".square(", ".contiguous(", ".unsqueeze(", ".permute(", ".masked_",
    ".isfinite(", ".bfloat16(", ".requires_grad_(", ".logical_not(", ".nansum(",
    ".nan_to_num(", ".type_as(", ".view_as(", ".expand_as(", ".new_", ".pin_memory(",
    ".record_stream(", "_(",
)

T = TypeVar("T")


@dataclass(frozen=True)
class LintOutput:
    """The findings of one source text, with the parsed module for the fixer."""

    diagnostics: list[Diagnostic]
    reports: list[tuple[Report, Diagnostic]]
    module: cst.Module | None
    error: FileError | None = None


def could_contain_tensors(source: str) -> bool:
    return any(evidence in source for evidence in TENSOR_EVIDENCE)


def rules_for(source: str, codes: Iterable[str]) -> list[type[Rule]]:
    """The enabled rules that could fire on `source`, by the cheap textual prefilter."""
    if not could_contain_tensors(source):
        return []
    return [ALL_RULES[code] for code in sorted(codes) if code in ALL_RULES
            and ALL_RULES[code].could_match(source)]


def lint_source(source: str, filename: str, codes: Iterable[str]) -> LintOutput:
    """Lint one decoded source text with the rules `codes`; never raises for bad input."""
    codes = set(codes)
    rule_classes = rules_for(source, codes)
    if not rule_classes:
        # Nothing could fire: still report syntax errors cheaply via compile()? No: a file
        # we would not lint is not parsed at all, as ruff's and TorchFix's prefilters do.
        return LintOutput([], [], None)
    depth_error = _bracket_depth_error(source)
    if depth_error is not None:
        row, column = depth_error
        diagnostic = Diagnostic(
            SYNTAX_ERROR,
            f"SyntaxError: too many nested parentheses (more than {MAX_BRACKET_DEPTH})",
            filename, Location(row, column), Location(row, column),
        )
        return LintOutput([diagnostic], [], None)
    try:
        module = run_with_big_stack(lambda: cst.parse_module(source))
    except cst.ParserSyntaxError as error:
        return LintOutput([syntax_error_diagnostic(error, filename)], [], None)
    except RecursionError:
        return LintOutput([], [], None, FileError(filename, "too deeply nested to analyse"))
    return lint_module(module, source, filename, rule_classes)


def lint_module(module: cst.Module, source: str, filename: str,
                rule_classes: Sequence[type[Rule]]) -> LintOutput:
    context = Context(source)
    sink = Sink()
    visits: dict[str, list[Callable[[cst.CSTNode], None]]] = {}
    leaves: dict[str, list[Callable[[cst.CSTNode], None]]] = {}
    for rule_class in rule_classes:
        rule_visits, rule_leaves = hooks_of(rule_class(context, sink))
        for key, hooks in rule_visits.items():
            visits.setdefault(key, []).extend(hooks)
        for key, hooks in rule_leaves.items():
            leaves.setdefault(key, []).extend(hooks)
    try:
        run_with_big_stack(lambda: Walker(context, visits, leaves).run(module))
    except RecursionError:
        return LintOutput([], [], module, FileError(filename, "too deeply nested to analyse"))
    except Exception:  # a bug in a rule must not stop the other files
        detail = traceback.format_exc(limit=-3).strip().splitlines()[-1]
        return LintOutput([], [], module,
                          FileError(filename, f"internal error in a rule: {detail}", internal=True))
    if not sink.reports:
        return LintOutput([], [], module)
    positions = run_with_big_stack(
        lambda: MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    )
    suppressions = Suppressions.parse(source)
    paired: list[tuple[Report, Diagnostic]] = []
    for report in sink.reports:
        where = positions[report.node]
        start = Location(where.start.line, where.start.column + 1)
        end = Location(where.end.line, where.end.column + 1)
        if suppressions.suppresses(report.code, start.row):
            continue
        fix = _edits(report.fix, positions) if report.fix is not None else None
        diagnostic = Diagnostic(report.code, report.message, filename, start, end, fix,
                                report.confidence)
        paired.append((report, diagnostic))
    paired.sort(key=lambda pair: (pair[1].location, pair[1].code))
    return LintOutput([d for _, d in paired], paired, module)


def _edits(fix: PendingFix, positions: object) -> Fix:
    edits = []
    for replacement in fix.replacements:
        where = positions[replacement.node]  # type: ignore[index]
        start = Location(where.start.line, where.start.column + 1)
        end = Location(where.end.line, where.end.column + 1)
        if replacement.mode == "before":
            end = start
        elif replacement.mode == "after":
            start = end
        edits.append(Edit(replacement.code, start, end))
    return Fix(fix.applicability, fix.message, tuple(edits))


def syntax_error_diagnostic(error: cst.ParserSyntaxError, filename: str) -> Diagnostic:
    message = str(error.message).strip().splitlines()[0] if error.message else "invalid syntax"
    location = Location(error.editor_line, error.editor_column)
    return Diagnostic(SYNTAX_ERROR, f"SyntaxError: {message}", filename, location, location)


def _bracket_depth_error(source: str) -> tuple[int, int] | None:
    """Where bracket nesting first exceeds the limit, ignoring brackets in strings roughly."""
    if source.count("(") + source.count("[") + source.count("{") <= MAX_BRACKET_DEPTH:
        return None
    depth = 0
    row, column = 1, 0
    quote: str | None = None
    index, length = 0, len(source)
    while index < length:
        char = source[index]
        column += 1
        if char == "\n":
            row, column = row + 1, 0
        elif quote is not None:
            if char == "\\":
                index += 1
                column += 1
            elif source.startswith(quote, index):
                index += len(quote) - 1
                quote = None
        elif char == "#":
            newline = source.find("\n", index)
            if newline < 0:
                break
            index = newline - 1
            column -= 1
        elif char in "'\"":
            quote = source[index:index + 3] if source.startswith(char * 3, index) else char
            index += len(quote) - 1
        elif char in "([{":
            depth += 1
            if depth > MAX_BRACKET_DEPTH:
                return row, column
        elif char in ")]}":
            depth = max(0, depth - 1)
        index += 1
    return None


# LibCST's native parser and our recursive walker both recurse once per nesting level; a
# dedicated thread with a large stack turns would-be crashes into RecursionError.
_STACK_BYTES = 512 * 1024 * 1024
_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def run_with_big_stack(function: Callable[[], T]) -> T:
    global _executor
    if threading.current_thread().name.startswith("synclint-deep"):
        return function()
    with _executor_lock:
        if _executor is None:
            previous = threading.stack_size()
            threading.stack_size(_STACK_BYTES)
            try:
                _executor = ThreadPoolExecutor(1, thread_name_prefix="synclint-deep",
                                               initializer=_raise_recursion_limit)
                _executor.submit(lambda: None).result()  # start the thread with the big stack
            finally:
                threading.stack_size(previous)
    return _executor.submit(function).result()


def _raise_recursion_limit() -> None:
    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))


def lint_text(source: str, filename: str, codes: Iterable[str]) -> FileResult:
    """Lint a decoded text into a picklable FileResult."""
    output = lint_source(source, filename, codes)
    errors = (output.error,) if output.error is not None else ()
    return FileResult(filename, tuple(output.diagnostics), errors)
