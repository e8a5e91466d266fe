"""Fix mode over a project: rounds across every file, one model for all of them.

Each file with a fixable finding takes a round of fixes (`fixer.FileFixer`), then the
model of the program is brought up to date once with every new text, then each of
those files is linted again with its new view, and so on until nothing fixable is
left. The findings reported at the end are those of the final texts with the final
model, in every file (a fix in a helper can change what a caller's findings say): what
`synclint check` of the fixed tree reports.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from synclint.checking import FileOutcome, FixOptions
from synclint.diagnostics import FileError, FileResult
from synclint.files import display_path
from synclint.files_io import SourceError
from synclint.fixes.apply import is_applicable
from synclint.session import Session

if TYPE_CHECKING:
    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.engine import LintOutput
    from synclint.files_io import SourceFile
    from synclint.fixer import FileFixer
    from synclint.notebook import Notebook


@dataclass
class _Target:
    """One file being fixed: where it came from, its fixer, and how to write it."""

    path: str
    shown: str
    source_file: SourceFile
    fixer: FileFixer
    notebook: Notebook | None = None


def fix_paths(paths: Sequence[str], settings: Settings, options: FixOptions, *,
              jobs: int | None = None, cache: ResultCache | None = None,
              progress: Callable[[int], None] | None = None) -> list[FileOutcome]:
    """Fix (or, with `options.write` false, diff) `paths` as one project."""
    from synclint.checking import check_files

    session = Session(settings, paths, cache_dir=cache.directory if cache else None)
    before = {path: session.view(path) for path in paths}
    views = {path: view for path, view in before.items() if view is not None}
    # The findings of every file as `check` reports them (from the cache where it can).
    checked, _ = check_files(list(paths), settings, jobs, progress, cache, views)
    outcomes = {o.result.filename: o for o in checked}
    targets: list[_Target] = []
    for path in paths:
        shown = display_path(path)
        outcome = outcomes.get(shown)
        if outcome is None or not _fixable(outcome, options):
            continue
        target = _target(path, shown, options, session)
        if target is None:
            continue
        targets.append(target)
    active = list(targets)
    while active:
        proposed = [(t, t.fixer.propose()) for t in active]
        active = [t for t, text in proposed if text is not None]
        for target, text in proposed:
            if text is not None:
                session.set_text(target.path, text)
            elif target.fixer.error is not None:
                session.set_text(target.path, None)  # left as it was
        for target in active:
            target.fixer.adopt(session.lint(target.path, shown=target.shown))
    # The final texts, and every file whose view changed with them, linted again.
    fixed = {t.path: t for t in targets}
    for path in paths:
        view = session.view(path)
        target = fixed.get(path)
        if target is None and (view is None or view == before.get(path)):
            continue
        shown = display_path(path)
        if target is None:
            outcome = outcomes.get(shown)
            if outcome is None or outcome.result.errors or path.endswith(".ipynb"):
                continue
            try:
                outcomes[shown] = FileOutcome(_relinted(session, path, shown))
            except SourceError:
                pass  # gone or unreadable since: its findings as `check` read them
            continue
        outcomes[shown] = _finish(target, options, session)
    return [outcomes[name] for name in sorted(outcomes)]


def _fixable(outcome: FileOutcome, options: FixOptions) -> bool:
    allowed = options.fixable
    return any(is_applicable(d.fix, unsafe=options.unsafe)
               and (allowed is None or d.code in allowed)
               for d in outcome.result.diagnostics)


def _target(path: str, shown: str, options: FixOptions, session: Session) -> _Target | None:
    """A file to fix, with its fixer started on its findings (in source coordinates)."""
    from synclint.files_io import SourceError, read_source
    from synclint.fixer import FileFixer
    from synclint.notebook import is_notebook, parse_notebook

    try:
        source_file = read_source(path)
    except SourceError:
        return None  # check reported it
    notebook = None
    text = source_file.text
    if is_notebook(path):
        try:
            notebook = parse_notebook(shown, source_file.text)
        except SourceError:
            return None
        text = notebook.source
    fixer = FileFixer(text, shown, unsafe=options.unsafe, fixable=options.fixable)
    fixer.start(session.lint(path, shown=shown))
    return _Target(path, shown, source_file, fixer, notebook)


def _relinted(session: Session, path: str, shown: str) -> FileResult:
    output = session.lint(path, shown=shown)
    return _file_result(shown, output)


def _file_result(shown: str, output: LintOutput) -> FileResult:
    errors = (output.error,) if output.error is not None else ()
    return FileResult(shown, tuple(output.diagnostics), errors, hidden=output.hidden)


def _finish(target: _Target, options: FixOptions, session: Session) -> FileOutcome:
    """The fixed file written (or its diff), with its final findings."""
    from synclint.files_io import SourceError, unified_diff, write_source
    from synclint.notebook import in_cells, writable

    result = target.fixer.result()
    errors: tuple[FileError, ...] = (result.error,) if result.error is not None else ()
    final = session.lint(target.path, shown=target.shown) if result.error is None else None
    remaining = tuple(final.diagnostics) if final is not None else result.remaining
    hidden = final.hidden if final is not None else result.hidden
    outcome = FileOutcome(FileResult(target.shown, remaining, errors, hidden=hidden),
                          fixed=dict(result.fixed), changed=result.changed,
                          warnings=tuple(result.discarded))
    notebook = target.notebook
    new_text = result.text
    problem = None
    if notebook is not None:
        after = notebook.for_source(result.text)
        outcome.result = replace(outcome.result, diagnostics=in_cells(after, remaining))
        if result.changed:
            rebuilt = notebook.rebuild(result.text)
            if rebuilt is None:
                problem = ("the fixed code no longer splits into the notebook's cells; "
                           "not fixed")
            elif not writable(notebook, target.source_file.text):
                problem = ("the notebook's JSON layout cannot be reproduced, so writing "
                           "it would reformat every cell; not fixed")
            else:
                new_text = rebuilt
    if not result.changed:
        return outcome
    if problem is None:
        if not options.write:
            outcome.diff = unified_diff(target.shown, target.source_file.text, new_text)
            return outcome
        try:
            write_source(target.source_file, new_text)
            return outcome
        except SourceError as error:
            problem = error.problem
    # Nothing was written: the file's findings are those of the text it was read with.
    original = session.lint(target.path, target.fixer.original, shown=target.shown)
    diagnostics = tuple(original.diagnostics)
    if notebook is not None:
        diagnostics = in_cells(notebook, diagnostics)
    outcome.result = FileResult(target.shown, diagnostics, errors, hidden=original.hidden)
    outcome.fixed, outcome.changed, outcome.write_error = {}, False, problem
    return outcome

