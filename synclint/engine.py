"""source -> parse -> one traversal with every enabled rule -> positioned, filtered diagnostics."""

from __future__ import annotations

import ast
import contextlib
import os
import re
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from synclint.analysis.cst_spans import CursorState
from synclint.analysis.graph_breaks import graph_break_fields
from synclint.analysis.project import FileView, no_cyclic_gc
from synclint.analysis.walker import Context, Walker
from synclint.diagnostics import Diagnostic, Edit, FileError, FileResult, Fix, Location, Related
from synclint.fixes.imports import follow_imports, import_edits
from synclint.fixes.layout import fit, fit_line
from synclint.hidden import HiddenCounts, counted
from synclint.kept_text import kept_source as _kept_source
from synclint.model.candidates import DECIDED, candidate_codes, candidate_statements
from synclint.model.facts import Facts, file_facts
from synclint.rule_info import TENSOR_EVIDENCE
from synclint.rules import ALL_RULES
from synclint.rules.base import PendingFix, RelatedNode, Report, Rule, Sink, hooks_of
from synclint.suppression import Suppressions
from synclint.syntax import syntax_errors as _ast_syntax_errors

SYNTAX_ERROR = "SYN000"
UNUSED_NOQA = "SYN100"

#: CPython refuses more than 200 nested brackets; LibCST's native parser can crash on
#: far fewer than a real interpreter would accept, so such files are reported, not parsed.
MAX_BRACKET_DEPTH = 200
#: Expression nesting (chains of subscripts, calls, operators) beyond which LibCST's
#: parser takes seconds to hours; no hand-written code comes near it.
MAX_EXPRESSION_DEPTH = 250
#: Larger sources are skipped with an error for that file (LibCST's memory and time grow
#: with the file: a 5 MB module took over 30 s and 3.5 GB).
MAX_SOURCE_CHARS = 3 * 2**20
#: Only files with a line longer than this can hold such a chain on one line.
MAX_CHECKED_LINE = 500

T = TypeVar("T")


@dataclass(frozen=True)
class LintOutput:
    """The findings of one source text, with the parsed module for the fixer."""

    diagnostics: list[Diagnostic]
    reports: list[tuple[Report, Diagnostic]]
    module: cst.Module | None
    error: FileError | None = None
    #: (row, code) of each finding a suppression comment filtered out (for SYN100).
    suppressed: frozenset[tuple[int, str]] = frozenset()
    #: Findings a tier hides by default, counted per tier (`synclint/hidden.py`).
    hidden: HiddenCounts = ()


def could_contain_tensors(source: str) -> bool:
    return any(evidence in source for evidence in TENSOR_EVIDENCE)


def rules_for(source: str, codes: Iterable[str], project: FileView | None = None
              ) -> list[type[Rule]]:
    """The enabled rules that could fire on `source`, by the cheap textual prefilter and
    what the whole-program index says the file's calls and hooks may hold."""
    needed = project.needs() if project is not None else frozenset()
    if not needed and not could_contain_tensors(source):
        return []
    return [ALL_RULES[code] for code in sorted(codes) if code in ALL_RULES
            and (code in needed or ALL_RULES[code].could_match(source))]


def lint_source(source: str, filename: str, codes: Iterable[str],
                project: FileView | None = None, parsed: cst.Module | None = None,
                *, findings_only: bool = False, opt_in: bool = False,
                once: bool = False) -> LintOutput:
    """Lint one decoded source text with the rules `codes`; never raises for bad input.

    `project` is what the whole-program index knows for this file; without one, the
    file is indexed on its own (its classes, hooks and helpers, no other module).
    `parsed` is `parse_ahead`'s tree of the same source, when it made one.
    `findings_only`: the caller reads the findings, not the module (a check, not a fix):
    LibCST then parses only the statements where a rule can fire (`kept_text.kept_source`).
    `opt_in`: report code that runs only when an option off by default is on
    (`analysis/opt_in.py`; `Settings.opt_in`).
    `once`: report code that runs once per file or per command: file writers and readers,
    command-line commands (`analysis/once.py`; `Settings.once`).
    """
    codes = set(codes)
    # Nothing needs the cyclic collector while one file is linted (what is left in cycles
    # is collected afterwards, as usual), and its repeated scans of the growing LibCST
    # tree cost ~10% of the run.
    with no_cyclic_gc():
        output = _lint_rules(source, filename, codes, project, parsed, findings_only, opt_in,
                             once)
        if UNUSED_NOQA in codes:
            output = _with_unused_noqa(output, source, filename, codes)
    return output


def _with_unused_noqa(output: LintOutput, source: str, filename: str,
                      codes: set[str]) -> LintOutput:
    """Add SYN100 findings, which need to know which suppressions the other rules used."""
    if output.error is not None or any(d.code == SYNTAX_ERROR for d in output.diagnostics):
        return output
    from synclint.rules.unused_noqa import unused_noqa

    found = unused_noqa(source, filename, codes, output.suppressed, ALL_RULES)
    if not found:
        return output
    suppressions = Suppressions.parse(source)
    found = [d for d in found if not suppressions.suppresses(UNUSED_NOQA, d.location.row)]
    if not found:
        return output
    diagnostics = sorted([*output.diagnostics, *found], key=lambda d: (d.location, d.code))
    return replace(output, diagnostics=diagnostics)


def _lint_rules(source: str, filename: str, codes: set[str],
                project: FileView | None = None, parsed: cst.Module | None = None,
                findings_only: bool = False, opt_in: bool = False,
                once: bool = False) -> LintOutput:
    if project is None and could_contain_tensors(source):
        project = single_file_view(source, filename)
    rule_classes = rules_for(source, codes, project)
    facts: Facts | None = None
    kept: str | None = None
    if rule_classes and project is not None:
        rule_classes, facts, kept = _can_fire(source, filename, rule_classes, project,
                                              findings_only and parsed is None)
    if not rule_classes:
        # Nothing could fire, so LibCST is not needed; the much cheaper ast parser still
        # tells whether the file is valid Python (a syntax error is a finding everywhere).
        return LintOutput(_ast_syntax_errors(source, filename,
                                             project.sha if project is not None else ""),
                          [], None)
    if parsed is not None:
        # `parse_ahead` made it only where every check below passes and parsing succeeds.
        return lint_module(parsed, source, filename, rule_classes, project, facts, opt_in,
                           once)
    depth_error = _bracket_depth_error(source)
    if depth_error is not None:
        row, column = depth_error
        diagnostic = Diagnostic(
            SYNTAX_ERROR,
            f"SyntaxError: too many nested parentheses (more than {MAX_BRACKET_DEPTH})",
            filename, Location(row, column), Location(row, column),
        )
        return LintOutput([diagnostic], [], None)
    if len(source) > MAX_SOURCE_CHARS:
        # LibCST needs ~0.7 GB and tens of seconds per MB of source; bounded resources
        # matter more for a CI linter than one generated file.
        size = len(source) / 2**20
        return LintOutput([], [], None, FileError(
            filename, f"too large to analyse ({size:.1f} MB of source, the limit is "
                      f"{MAX_SOURCE_CHARS // 2**20} MB); file skipped"))
    too_complex = _expression_depth_error(source)
    if too_complex is not None:
        return LintOutput([], [], None, FileError(filename, too_complex))
    if kept is not None:
        try:
            module = run_with_big_stack(lambda: cst.parse_module(kept))
            return lint_module(module, source, filename, rule_classes, project, facts,
                               opt_in, once)
        except (cst.ParserSyntaxError, RecursionError):
            pass  # the whole text then says what is wrong, as usual
    try:
        module = run_with_big_stack(lambda: cst.parse_module(source))
    except cst.ParserSyntaxError as error:
        # CPython's own position and message: LibCST's point where its grammar gave up
        # (often the next line, or 1:1 for a tokenizer error) is not where the user looks.
        found = _ast_syntax_errors(source, filename)
        return LintOutput(found or [syntax_error_diagnostic(error, filename)], [], None)
    except RecursionError:
        return LintOutput([], [], None, FileError(filename, "too deeply nested to analyse"))
    return lint_module(module, source, filename, rule_classes, project, facts, opt_in, once)


#: Set to 1 to run every rule the text allows, without asking the model which can fire
#: (`model/candidates.py`): to compare, and to test that both give the same findings.
NO_GATE = "SYNCLINT_NO_GATE"


def _can_fire(source: str, filename: str, rule_classes: list[type[Rule]], project: FileView,
              partial: bool = False
              ) -> tuple[list[type[Rule]], Facts | None, str | None]:
    """The rules with a candidate site in the file (DESIGN.md section 10: pay only for
    what can fire), the model's facts of the file, which the rules then read, and, where
    `partial` allows it and it saves something, the text LibCST needs (`kept_text.kept_source`).
    All the rules where `ast` cannot parse the file (LibCST then reports it)."""
    try:
        facts = file_facts(source, filename, project)
        if facts is None or os.environ.get(NO_GATE) == "1":
            return rule_classes, facts, None
        codes = [r.code for r in rule_classes]
        partial = partial and all(code in DECIDED for code in codes)
        if partial:
            firing, statements, functions = candidate_statements(
                source, facts.tree, facts, project, codes)
        else:
            firing = candidate_codes(source, facts.tree, facts, project, codes)
    except RecursionError:
        return rule_classes, None, None
    kept = None
    if partial and firing and "SYN401" not in firing:
        kept = _kept_source(source, facts.tree, statements, facts.imports, functions)
    return ([r for r in rule_classes if r.code in firing or r.code not in DECIDED], facts,
            kept)


def parse_ahead(source: str, codes: Iterable[str]) -> cst.Module | None:
    """The LibCST tree `lint_source` would parse for `source` whatever the whole-program
    view turns out to be, or None (not certain to be needed, too large or too deep to
    parse, or not valid Python: `lint_source` then decides and reports as usual).

    A view only adds rules (`rules_for` with one is a superset of without), so a file
    that some rule may match on its own text is parsed with any view: a lint worker can
    parse it while the index is still being built."""
    if not rules_for(source, set(codes), None):
        return None
    if (_bracket_depth_error(source) is not None or len(source) > MAX_SOURCE_CHARS
            or _expression_depth_error(source) is not None):
        return None
    try:
        with no_cyclic_gc():  # as in lint_source
            return run_with_big_stack(lambda: cst.parse_module(source))
    except (cst.ParserSyntaxError, RecursionError):
        return None


def single_file_view(source: str, filename: str) -> FileView | None:
    """The index of one file on its own (its classes, hooks and helpers)."""
    from synclint.analysis.project import build_project

    try:
        return build_project({filename: source}, {filename: "__main__"}).view(filename)
    except RecursionError:
        return None


def lint_module(module: cst.Module, source: str, filename: str,
                rule_classes: Sequence[type[Rule]], project: FileView | None = None,
                facts: Facts | None = None, opt_in: bool = False,
                once: bool = False) -> LintOutput:
    if project is None and could_contain_tensors(source):
        project = single_file_view(source, filename)
    context = Context(source, project, filename)
    context.report_opt_in = opt_in
    context.report_once = once
    if facts is not None:
        context.facts = facts
    elif project is not None:
        context.facts = file_facts(source, filename, project)
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
    if not sink.reports and not sink.hidden:
        return LintOutput([], [], module)
    positions = run_with_big_stack(lambda: target_positions(module, _wanted_nodes(module, sink)))
    suppressions = Suppressions.parse(source)
    hidden = _hidden(sink, positions, suppressions)
    if not sink.reports:
        return LintOutput([], [], module, hidden=hidden)
    lines = source.split("\n")
    paired: list[tuple[Report, Diagnostic]] = []
    suppressed: set[tuple[int, str]] = set()
    fixes: dict[int, Fix] = {}
    for report in sink.reports:
        where = positions[report.node]
        start = Location(where.start.line, where.start.column + 1)
        end = Location(where.end.line, where.end.column + 1)
        if suppressions.suppresses(report.code, start.row):
            # The row of the comment that did it (a continued statement's last row).
            suppressed.add((suppressions.noqa_row(start.row), report.code))
            continue
        fix = None
        if report.fix is not None:
            # One fix is often shared by every finding of a loop: position it once.
            fix = fixes.get(id(report.fix))
            if fix is None:
                fix = fixes[id(report.fix)] = _edits(report.fix, positions, module, lines,
                                                     context.style.line_length)
        related = tuple(r if isinstance(r, Related) else _related(r, filename, positions)
                        for r in report.related)
        diagnostic = Diagnostic(report.code, report.message, filename, start, end, fix,
                                report.confidence, report.help, related,
                                **graph_break_fields(report.graph_break))
        paired.append((report, diagnostic))
    paired.sort(key=lambda pair: (pair[1].location, pair[1].code))
    return LintOutput([d for _, d in paired], paired, module, suppressed=frozenset(suppressed),
                      hidden=hidden)


def _hidden(sink: Sink, positions: Mapping[cst.CSTNode, CodeRange],
            suppressions: Suppressions) -> HiddenCounts:
    """The hidden findings counted per tier: not those a suppression comment would
    filter out if they were shown, nor a node its rule reported after all."""
    reported = {(report.code, id(report.node)) for report in sink.reports}
    return counted(tier for code, node, tier in sink.hidden
                   if (code, id(node)) not in reported
                   and not suppressions.suppresses(code, positions[node].start.line))


def _wanted_nodes(module: cst.Module, sink: Sink) -> list[cst.CSTNode]:
    """The nodes whose positions the reports need: reported nodes, fix targets and, for
    fixes that add imports, the leading module statements the insertion point looks at."""
    wanted: list[cst.CSTNode] = [node for _, node, _ in sink.hidden]
    needs_import_anchor = False
    for report in sink.reports:
        wanted.append(report.node)
        wanted.extend(r.node for r in report.related if isinstance(r, RelatedNode))
        if report.fix is not None:
            wanted.extend(replacement.node for replacement in report.fix.replacements)
            wanted.extend(r.through for r in report.fix.replacements if r.through is not None)
            needs_import_anchor = needs_import_anchor or bool(report.fix.imports)
    if needs_import_anchor:
        for statement in module.body:
            wanted.append(statement)
            if not isinstance(statement, cst.SimpleStatementLine):
                break
    return wanted


def _related(related: RelatedNode, filename: str, positions: NodePositions) -> Related:
    where = positions[related.node]
    return Related(filename, Location(where.start.line, where.start.column + 1), related.message)


class _AllFound(Exception):
    """Stops code generation once every wanted node has its final position."""


class _Recorder:
    """`record_syntactic_position` for a wanted node (PositionProvider's semantics)."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: _TargetPositionState, node: cst.CSTNode,
                 start_node: cst.CSTNode | None, end_node: cst.CSTNode | None) -> None:
        self.state, self.node = state, node
        self.start_node, self.end_node = start_node, end_node

    def __enter__(self) -> None:
        self.start = self.state.here()
        # The hoisted bounds come from children generated inside this block.
        for helper in (self.start_node, self.end_node):
            if helper is not None:
                self.state.wanted.add(id(helper))

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        if kind is not None:
            return
        computed = self.state.computed
        start = computed[self.start_node].start if self.start_node is not None else self.start
        end = computed[self.end_node].end if self.end_node is not None else self.state.here()
        computed[self.node] = CodeRange(start, end)


_NO_RECORD = contextlib.nullcontext()


class _TargetPositionState(CursorState):
    """Code generation that positions only the wanted nodes, and stops after the last.

    LibCST's PositionProvider visits the whole tree and then tracks line and column for
    every token and node; here tokens are only appended, and line and column are brought
    up to date lazily, when a wanted node starts or ends (DESIGN.md section 7).
    """

    def __init__(self, module: cst.Module, targets: Iterable[cst.CSTNode]) -> None:
        super().__init__(module)
        self.remaining = {id(node) for node in targets}
        self.wanted = set(self.remaining)
        self.computed: dict[cst.CSTNode, CodeRange] = {}
        self.starts: dict[int, CodePosition] = {}

    def here(self) -> CodePosition:
        return CodePosition(*self.advance())

    def before_codegen(self, node: cst.CSTNode) -> None:
        if id(node) in self.wanted:
            self.starts[id(node)] = self.here()

    def after_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key not in self.wanted:
            return
        if node not in self.computed:
            self.computed[node] = CodeRange(self.starts[key], self.here())
        self.remaining.discard(key)
        if not self.remaining:
            raise _AllFound

    def record_syntactic_position(  # type: ignore[override]
        self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
        end_node: cst.CSTNode | None = None,
    ) -> contextlib.AbstractContextManager[None]:
        if id(node) not in self.wanted:
            return _NO_RECORD
        return _Recorder(self, node, start_node, end_node)


class NodePositions(Mapping[cst.CSTNode, CodeRange]):
    """PositionProvider's ranges for the wanted nodes; any other node falls back to a full
    PositionProvider resolution, so a caller asking for more is slow, never wrong."""

    def __init__(self, module: cst.Module, computed: dict[cst.CSTNode, CodeRange]) -> None:
        self._module = module
        self._computed = computed
        self._full: Mapping[cst.CSTNode, CodeRange] | None = None

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        found = self._computed.get(node)
        if found is not None:
            return found
        if self._full is None:
            module = self._module
            self._full = run_with_big_stack(
                lambda: MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
            )
        return self._full[node]

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._computed)

    def __len__(self) -> int:
        return len(self._computed)


def target_positions(module: cst.Module, targets: Sequence[cst.CSTNode]) -> NodePositions:
    """The PositionProvider ranges of `targets` (nodes of `module` itself, not copies)."""
    if not targets:
        return NodePositions(module, {})
    state = _TargetPositionState(module, targets)
    try:
        module._codegen(state)
    except _AllFound:
        pass
    return NodePositions(module, state.computed)


def _fit_inserted(code: str, prefix: str, unit: str, line_length: int) -> str:
    """`code` (whole lines, each followed by the next line's indent) with every line
    longer than `line_length` split the way black would."""
    parts = code.split("\n")
    out = []
    for i, part in enumerate(parts[:-1]):
        indent = prefix if i == 0 else part[:len(part) - len(part.lstrip())]
        fitted = fit_line(indent + part.lstrip(), unit=unit, line_length=line_length)
        out.append(part if fitted is None else (indent if i else "") + fitted)
    return "\n".join([*out, parts[-1]])


def _edits(fix: PendingFix, positions: object, module: cst.Module, lines: Sequence[str],
           line_length: int) -> Fix:
    # Imports first: a rule's insertion at the same spot must come after `import torch`.
    rows = [positions[r.node].start.line for r in fix.replacements]  # type: ignore[index]
    fix = follow_imports(fix, module, rows[0] if rows else None)
    edits = list(import_edits(module, positions, fix.imports,  # type: ignore[arg-type]
                              rows[0] if rows else None))
    joined = _joined_lines(fix, positions, module, lines, line_length, rows)
    edits.extend(joined.values())
    for replacement in fix.replacements:
        if positions[replacement.node].start.line in joined:  # type: ignore[index]
            continue
        where = positions[replacement.node]  # type: ignore[index]
        start = Location(where.start.line, where.start.column + 1)
        end = Location(where.end.line, where.end.column + 1)
        code = replacement.code
        if replacement.mode == "before":
            end = start
            if start.row <= len(lines) and not lines[start.row - 1][:start.column - 1].strip():
                # Inserted statements too long for the project are split as black would.
                code = _fit_inserted(code, lines[start.row - 1][:start.column - 1],
                                     module.default_indent, line_length)
        elif replacement.through is not None:
            last = positions[replacement.through]  # type: ignore[index]
            end = Location(last.end.line, last.end.column + 1)
            if "\n" not in code and start.row <= len(lines):
                # Statements merged into one: split it the way black would if too long.
                line = lines[start.row - 1][:start.column - 1]
                code = fit_line(line + code, unit=module.default_indent,
                                line_length=line_length) or code
        elif replacement.mode == "after":
            start = end
        elif replacement.mode == "delete":
            # A statement alone on its lines: the lines go, comments above it stay.
            start, end = Location(start.row, 1), Location(end.row + 1, 1)
        elif start.row == end.row and rows.count(start.row) == 1 and start.row <= len(lines):
            # A one-line expression made longer than the project's line length is split
            # the way black would split it.
            line = lines[start.row - 1]
            before, after = line[:start.column - 1], line[end.column - 1:]
            whole = fit_line(before + code + after, unit=module.default_indent,
                             line_length=line_length)
            if whole is not None:
                # The whole statement is re-laid out: the edit covers its line.
                indent = len(line) - len(line.lstrip())
                start = Location(start.row, indent + 1)
                end = Location(start.row, len(line) + 1)
                code = whole
            else:
                code = fit(before, code, after, unit=module.default_indent,
                           line_length=line_length)
        edits.append(Edit(code, start, end))
    return Fix(fix.applicability, fix.message, tuple(edits))


def _joined_lines(fix: PendingFix, positions: Any, module: cst.Module, lines: Sequence[str],
                  line_length: int, rows: list[int]) -> dict[int, Edit]:
    """Lines on which a fix replaces several expressions (`torch.cat(...).sum() /
    sum(...)`) and that become too long: one edit per line, laid out the way black would."""
    result: dict[int, Edit] = {}
    for row in sorted({row for row in rows if rows.count(row) > 1}):
        here = [r for r in fix.replacements if positions[r.node].start.line == row]
        spans = [positions[r.node] for r in here]
        if row > len(lines) or any(
                r.mode != "replace" or r.through is not None or "\n" in r.code
                or span.end.line != row for r, span in zip(here, spans, strict=True)):
            continue
        line = lines[row - 1]
        text, position = [], 0
        for r, span in sorted(zip(here, spans, strict=True), key=lambda p: p[1].start.column):
            if span.start.column < position:
                break  # nested replacements: leave them as they are
            text.append(line[position:span.start.column] + r.code)
            position = span.end.column
        else:
            whole = fit_line("".join(text) + line[position:], unit=module.default_indent,
                             line_length=line_length)
            if whole is not None:
                indent = len(line) - len(line.lstrip())
                result[row] = Edit(whole, Location(row, indent + 1),
                                   Location(row, len(line) + 1))
    return result


def _expression_depth_error(source: str) -> str | None:
    """Why the file is too complex for LibCST, or None.

    LibCST's parser is superlinear in the length of chains (`a[0][0]...`, `- - - x`,
    `a + a + ...`, nested lambdas): 1 000 links take seconds, 10 000 take hours. Such
    chains need long lines, so only files with a line over MAX_CHECKED_LINE characters
    pay for CPython's (cheap) parser and a depth count.
    """
    if not any(len(line) > MAX_CHECKED_LINE for line in source.splitlines()):
        return None
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None  # LibCST reports it as SYN000
    except (RecursionError, MemoryError, ValueError):
        return "too complex to analyse: CPython's own parser gives up on it; file skipped"
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        for child in ast.iter_child_nodes(node):
            deeper = depth + 1 if isinstance(child, ast.expr) else depth
            if deeper > MAX_EXPRESSION_DEPTH:
                line = getattr(child, "lineno", 0)
                return (f"too complex to analyse: expressions nested more than "
                        f"{MAX_EXPRESSION_DEPTH} deep at line {line}; file skipped")
            stack.append((child, deeper))
    return None


def syntax_error_diagnostic(error: cst.ParserSyntaxError, filename: str) -> Diagnostic:
    message = str(error.message).strip().splitlines()[0] if error.message else "invalid syntax"
    location = Location(error.editor_line, error.editor_column)
    return Diagnostic(SYNTAX_ERROR, f"SyntaxError: {message}", filename, location, location)


def _bracket_depth_error(source: str) -> tuple[int, int] | None:
    """Where bracket nesting first exceeds the limit, ignoring brackets in strings roughly."""
    if source.count("(") + source.count("[") + source.count("{") <= MAX_BRACKET_DEPTH:
        return None
    if _max_depth_outside_strings(source) <= MAX_BRACKET_DEPTH:
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


#: Comments and string literals, which the exact scan below skips too (prefixes need not
#: be matched: the quotes are what matters).
_SQ3 = "'" * 3
_DQ3 = '"' * 3
_NOT_CODE = re.compile("|".join((
    r"#[^\n]*",
    _SQ3 + r"(?:\\.|[^\\])*?(?:" + _SQ3 + r"|\Z)",
    _DQ3 + r"(?:\\.|[^\\])*?(?:" + _DQ3 + r"|\Z)",
    r"'(?:\\.|[^\\'])*(?:'|\Z)",
    r'"(?:\\.|[^\\"])*(?:"|\Z)',
)))
_BRACKET_DELTA = str.maketrans({"[": "(", "{": "(", "]": ")", "}": ")"})
_BRACKET = re.compile(r"[\[\](){}]")
_RUN = re.compile(r"\(+|\)+")


def _max_depth_outside_strings(source: str) -> int:
    """The bracket nesting at C speed (a few regex passes), so the exact scan, a Python
    step per character, only runs for the rare file that may exceed the limit."""
    brackets = "".join(_BRACKET.findall(_NOT_CODE.sub("", source)))
    depth = deepest = 0
    # Runs of the same bracket in one step: far fewer iterations than characters.
    for run in _RUN.finditer(brackets.translate(_BRACKET_DELTA)):
        text = run.group()
        if text[0] == "(":
            depth += len(text)
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - len(text))
    return deepest


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


def _forget_executor_after_fork() -> None:
    # A forked worker (the process pool) inherits the executor object but not its thread:
    # submitting to it would wait forever, so the child starts its own.
    global _executor, _executor_lock
    _executor = None
    _executor_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_executor_after_fork)


def _raise_recursion_limit() -> None:
    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))


def lint_sources(sources: Mapping[str, str], codes: Iterable[str], *,
                 opt_in: bool = False, once: bool = False) -> dict[str, LintOutput]:
    """Lint several decoded sources of one project together (filename -> text): one
    whole-program index over all of them, then each file with its view of it."""
    from synclint.analysis.project import build_project

    codes = set(codes)
    project = build_project(sources)
    return {filename: lint_source(text, filename, codes, project.view(filename), opt_in=opt_in,
                                  once=once)
            for filename, text in sources.items()}


def lint_text(source: str, filename: str, codes: Iterable[str],
              project: FileView | None = None, parsed: cst.Module | None = None,
              *, opt_in: bool = False, once: bool = False) -> FileResult:
    """Lint a decoded text into a picklable FileResult."""
    output = lint_source(source, filename, codes, project, parsed, findings_only=True,
                         opt_in=opt_in, once=once)
    errors = (output.error,) if output.error is not None else ()
    return FileResult(filename, tuple(output.diagnostics), errors, hidden=output.hidden)
