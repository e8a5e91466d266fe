"""Graph breaks of a `profile --compile` run joined with the static findings.

A finding that says `"graph_break": true` covers a break when the break's innermost user
frame lies on the finding's lines, or when a frame of the break's stack is one of the
finding's related locations (a helper's break, reported at the call). Covered findings
carry the count; a break no finding covers becomes a SYN499 runtime-only-graph-break
finding at the innermost frame of its stack in the checked files.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from synclint.diagnostics import Diagnostic, Location, Related
from synclint.files import display_path
from synclint.profile_data import BreakSite, Frame

RUNTIME_ONLY_BREAK = "SYN499"


def _frames(site: BreakSite, key: Callable[[str], str]) -> list[tuple[str, int]]:
    return [(key(f.file), f.line) for f in site.stack]


def break_covered(diagnostic: Diagnostic, frames: Sequence[tuple[str, int]],
                  key: Callable[[str], str]) -> bool:
    """Whether `diagnostic` predicts the break whose user stack is `frames`."""
    if not diagnostic.graph_break or not frames:
        return False
    file = key(diagnostic.filename)
    first = diagnostic.location.row
    last = max(diagnostic.end_location.row, first)
    here, line = frames[0]
    if here == file and first <= line <= last:
        return True
    related = {(key(r.filename), r.location.row) for r in diagnostic.related}
    return any(frame in related for frame in frames) or any(
        f == file and first <= n <= last for f, n in frames[1:])


def covered_breaks(diagnostics: Sequence[Diagnostic], sites: Sequence[BreakSite],
                   key: Callable[[str], str]) -> list[Diagnostic | None]:
    """For each break, the first finding that predicts it, or None."""
    stacks = [_frames(site, key) for site in sites]
    candidates = [d for d in diagnostics if d.graph_break]
    return [next((d for d in candidates if break_covered(d, stack, key)), None)
            for stack in stacks]


def join_graph_breaks(diagnostics: list[Diagnostic], sites: Sequence[BreakSite],
                      checked: dict[str, str], key: Callable[[str], str],
                      enabled: Callable[[str], Collection[str]],
                      suppressed: Callable[[str, int], bool]) -> list[Diagnostic]:
    """`diagnostics` with measured break counts, plus SYN499 for the uncovered breaks.

    `checked` maps each checked file's key to its path; `suppressed(path, line)` says
    whether a `# noqa` silences SYN499 there."""
    if not sites:
        return diagnostics
    stacks = [_frames(site, key) for site in sites]
    covered = [False] * len(sites)
    joined: list[Diagnostic] = []
    for diagnostic in diagnostics:
        count = 0
        for index, stack in enumerate(stacks):
            if break_covered(diagnostic, stack, key):
                covered[index] = True
                count += sites[index].count
        joined.append(replace(diagnostic, runtime_graph_breaks=count) if count else diagnostic)
    groups: dict[tuple[str, int], list[tuple[BreakSite, int]]] = {}
    for site, seen in zip(sites, covered):
        if seen:
            continue
        for depth, frame in enumerate(site.stack):
            if key(frame.file) in checked:
                groups.setdefault((checked[key(frame.file)], frame.line), []).append(
                    (site, depth))
                break
    found = []
    for (path, line), members in groups.items():
        if RUNTIME_ONLY_BREAK not in enabled(path) or suppressed(path, line):
            continue
        found.append(_finding(path, line, members))
    found.sort(key=lambda d: (d.filename, d.location))
    return joined + found


def _finding(path: str, line: int, members: Sequence[tuple[BreakSite, int]]) -> Diagnostic:
    count = sum(site.count for site, _ in members)
    reasons = sorted({site.reason for site, _ in members if site.reason})
    reason = reasons[0] if reasons else "a graph break"
    plural = "s" if count != 1 else ""
    message = "A graph break Dynamo reported at run time; no rule predicts it"
    site, depth = members[0]
    help_text = (f"Dynamo reported {count} graph break{plural} here ({reason}). Move the code "
                 "out of the compiled region or make it traceable; `synclint profile "
                 "--compile` shows the call stack.")
    return Diagnostic(RUNTIME_ONLY_BREAK, message, display_path(path), Location(line, 1),
                      Location(line, 1), help=help_text,
                      related=stack_related(site.stack, depth, "the graph breaks here"),
                      graph_break=True, runtime_graph_breaks=count)


def stack_related(stack: Sequence[Frame], depth: int,
             here: str = "the sync happens here") -> tuple[Related, ...]:
    """The callers, outermost first, then the frames inside down to the sync itself."""
    callers = [Related(display_path(f.file), Location(f.line, 1), f"called from `{f.function}`")
               for f in reversed(stack[depth + 1:])]
    inner = [Related(display_path(f.file), Location(f.line, 1),
                     here if i == 0 else f"through `{f.function}`")
             for i, f in reversed(list(enumerate(stack[:depth])))]
    return tuple(callers + inner)
