"""Static findings joined with a runtime profile (`synclint check --runtime PROFILE.json`).

A finding covers a runtime sync site when the site's innermost user frame lies on the
finding's lines, when one of the finding's related locations (its whole-program call
chain) is a frame of the site's stack, or when a finding that has a call chain sits on a
caller's line. Covered findings carry the measured count; a site that no finding covers
becomes a SYN199 runtime-only-sync finding (when it synced more than once), so the static rules' blind spots reach every
output format.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from synclint.diagnostics import Diagnostic, Location
from synclint.files import display_path
from synclint.join_breaks import RUNTIME_ONLY_BREAK, join_graph_breaks, stack_related
from synclint.profile_data import Profile, Site
from synclint.suppression import Suppressions

RUNTIME_ONLY = "SYN199"
#: A site that synced once in the whole run is not hot code: like the static rules, which
#: leave a single read outside loops alone, SYN199 reports only repeated syncs.
MIN_REPEATED = 2
#: Codes whose findings are about host syncs, and so get a count (0 when none was seen).
_SYNC_CODES = ("SYN1",)
_NOT_SYNC = frozenset({"SYN100", RUNTIME_ONLY})


def path_key(path: str) -> str:
    """One spelling per file: relative and absolute paths, symlinks and case folded."""
    return os.path.normcase(os.path.realpath(path))


@dataclass(frozen=True)
class _Span:
    """A finding's file and rows, with its related places, in comparable form."""

    file: str
    first: int
    last: int
    related: frozenset[tuple[str, int]]


def _span(diagnostic: Diagnostic, key: Callable[[str], str]) -> _Span:
    return _Span(
        key(diagnostic.filename), diagnostic.location.row,
        max(diagnostic.end_location.row, diagnostic.location.row),
        frozenset((key(r.filename), r.location.row) for r in diagnostic.related),
    )


def _covers(span: _Span, stack: Sequence[tuple[str, int]]) -> bool:
    if not stack:
        return False
    file, line = stack[0]
    if file == span.file and span.first <= line <= span.last:
        return True  # the finding is the sync itself
    if not span.related:
        return False
    if any(frame in span.related for frame in stack):
        return True  # the finding's call chain passes through the site
    # A finding with a call chain, reported at the call that leads to the sync.
    return any(f == span.file and span.first <= n <= span.last for f, n in stack[1:])


def covers(diagnostic: Diagnostic, site: Site) -> bool:
    """Whether `diagnostic` accounts for the syncs of `site` (see the module docstring)."""
    return _covers(_span(diagnostic, path_key), [(path_key(f.file), f.line) for f in site.stack])


class _Keys:
    """path_key with memory: realpath per frame per finding would dominate large joins."""

    def __init__(self) -> None:
        self._known: dict[str, str] = {}

    def __call__(self, path: str) -> str:
        found = self._known.get(path)
        if found is None:
            found = self._known[path] = path_key(path)
        return found


def covering_codes(diagnostics: Sequence[Diagnostic], sites: Sequence[Site]
                   ) -> list[str | None]:
    """For each site, the code of the finding that accounts for it (one on the site's own
    line first, else one whose call chain leads there), or None when no finding does."""
    key = _Keys()
    spans = [(d.code, _span(d, key)) for d in diagnostics if d.code != RUNTIME_ONLY]
    codes: list[str | None] = []
    for site in sites:
        stack = [(key(f.file), f.line) for f in site.stack]
        covering = [(code, span) for code, span in spans if _covers(span, stack)]
        direct = [code for code, span in covering
                  if span.file == stack[0][0] and span.first <= stack[0][1] <= span.last]
        codes.append(direct[0] if direct else covering[0][0] if covering else None)
    return codes


def join_profile(
    diagnostics: Sequence[Diagnostic],
    profile: Profile,
    checked_files: Collection[str],
    enabled: Callable[[str], Collection[str]],
) -> list[Diagnostic]:
    """`diagnostics` with measured counts, plus SYN199 findings for the uncovered sites.

    `checked_files` are the files being checked: a SYN199 finding goes to the innermost
    frame of a site's stack that lies in one of them (sites outside them are not reported,
    as `check` reports nothing outside its paths). `enabled(path)` gives the codes enabled
    for a file (per-file-ignores); a `# noqa: SYN199` on the line suppresses the finding.
    """
    key = _Keys()
    stacks = [[(key(f.file), f.line) for f in site.stack] for site in profile.sites]
    executed = {file for stack in stacks for file, _ in stack}
    covered = [False] * len(profile.sites)
    joined: list[Diagnostic] = []
    for diagnostic in diagnostics:
        span = _span(diagnostic, key)
        count = 0
        for index, stack in enumerate(stacks):
            if _covers(span, stack):
                covered[index] = True
                count += profile.sites[index].count
        if count or (span.file in executed and _is_sync_code(diagnostic.code)):
            diagnostic = replace(diagnostic, runtime_syncs=count)
        joined.append(diagnostic)
    checked = {key(path): path for path in checked_files}
    blind = [site for site, seen in zip(profile.sites, covered)
             if not seen and site.count >= MIN_REPEATED]
    joined.extend(_runtime_only(blind, checked, key, enabled))
    if profile.graph_breaks:  # a `profile --compile` run: Dynamo's breaks (SYN499)
        def suppressed(path: str, line: int) -> bool:
            source = _read(path)
            return source is not None and Suppressions.parse(source).suppresses(
                RUNTIME_ONLY_BREAK, line)

        joined = join_graph_breaks(joined, profile.graph_breaks, checked, key, enabled,
                                   suppressed)
    return joined


def _is_sync_code(code: str) -> bool:
    return code.startswith(_SYNC_CODES) and code not in _NOT_SYNC


def _runtime_only(sites: Sequence[Site], checked: dict[str, str], key: Callable[[str], str],
                  enabled: Callable[[str], Collection[str]]) -> list[Diagnostic]:
    """One SYN199 finding per reported line, summing the sites that end there."""
    groups: dict[tuple[str, int], list[tuple[Site, int]]] = {}
    for site in sites:
        for depth, frame in enumerate(site.stack):
            if key(frame.file) in checked:
                groups.setdefault((checked[key(frame.file)], frame.line), []).append((site, depth))
                break
    found: list[Diagnostic] = []
    for (path, line), members in groups.items():
        codes = enabled(path)
        # A sync whose own rule is switched off here (SYN103 is off by default) was
        # silenced on purpose: SYN199 does not bring it back.
        members = [(site, depth) for site, depth in members if site.code in codes]
        if RUNTIME_ONLY not in codes or not members:
            continue
        source = _read(path)
        if source is not None and _suppressed(source, line):
            continue
        found.append(_finding(path, line, members, source))
    found.sort(key=lambda d: (d.filename, d.location))
    return found


def _read(path: str) -> str | None:
    from synclint.files_io import SourceError, read_source

    try:
        return read_source(path).text
    except SourceError:
        return None


def _suppressed(source: str, line: int) -> bool:
    return Suppressions.parse(source).suppresses(RUNTIME_ONLY, line)


def _finding(path: str, line: int, members: Sequence[tuple[Site, int]],
             source: str | None) -> Diagnostic:
    count = sum(site.count for site, _ in members)
    kinds = sorted({site.kind for site, _ in members})
    text = source.splitlines()[line - 1] if source and line <= len(source.splitlines()) else ""
    start = len(text) - len(text.lstrip()) + 1
    end = len(text.rstrip()) + 1 if text.strip() else start
    plural = "s" if count != 1 else ""
    message = f"{count} host sync{plural} measured here at run time that no static rule reports"
    site, depth = members[0]
    where = ", ".join(kinds)
    help_text = (f"The profile saw `{where}` syncs here; look for a host read hidden in a "
                 "call (another module, a library, a dynamic call) and move it out of the "
                 "hot path or batch it. `synclint profile` shows the call stack.")
    related = stack_related(site.stack, depth)
    return Diagnostic(RUNTIME_ONLY, message, display_path(path), Location(line, start),
                      Location(line, max(end, start)), help=help_text, related=related,
                      runtime_syncs=count)


def by_cost(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Most measured syncs (then graph breaks) first; findings without a measurement keep
    their order, last."""
    return sorted(diagnostics, key=lambda d: (-(d.runtime_syncs or 0),
                                              -(d.runtime_graph_breaks or 0)))
