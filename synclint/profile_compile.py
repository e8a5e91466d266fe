"""`synclint profile --compile`: run a script, record Dynamo's graph breaks, and join each
to a line, a finding and a rule (SYN499 where no rule predicts it)."""

from __future__ import annotations

import os
import sysconfig
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from synclint.profile_data import DYNAMO, BreakSite, Frame, Profile

if TYPE_CHECKING:
    from synclint.runtime.dynamo import GraphBreak

RUNTIME_ONLY_BREAK = "SYN499"
_LIBRARY_PARTS = ("site-packages", "dist-packages")


def record(run: object) -> tuple[int, list[GraphBreak]]:
    """Call `run()` (the script) with Dynamo's graph breaks recorded."""
    from synclint.runtime.dynamo import record_graph_breaks

    with record_graph_breaks() as log:
        code = run()  # type: ignore[operator]
    return int(code), list(log.breaks)


def build_break_profile(breaks: Sequence[GraphBreak], cwd: str, *,
                        static: bool = True) -> Profile:
    """The breaks grouped by innermost user frame and reason, most frequent first, each
    with the rule of the finding that predicts it."""
    from synclint.profile_data import shown_frame_file

    # One site per line and reason: Dynamo logs a break again, without its stack, each
    # time it compiles the frame (or the resume function after an earlier break) anew.
    counts: Counter[tuple[str, int, str]] = Counter()
    stacks: dict[tuple[str, int, str], tuple[Frame, ...]] = {}
    for found in breaks:
        frames = tuple(Frame(shown_frame_file(file, cwd), line, function)
                       for file, line, function in _user_frames(found))
        if not frames:
            continue
        key = (frames[0].file, frames[0].line, found.reason)
        counts[key] += 1
        if len(frames) > len(stacks.get(key, ())) or not stacks[key][0].function:
            stacks[key] = frames
    sites = [BreakSite(file=file, line=line, function=stacks[key][0].function, reason=reason,
                       count=n, code=RUNTIME_ONLY_BREAK, static=False, stack=stacks[key])
             for key, n in sorted(counts.items(), key=lambda item: -item[1])
             for file, line, reason in [key]]
    if static and sites:
        sites = _with_findings(sites)
    return Profile(total=0, backend=DYNAMO, sites=(), graph_breaks=tuple(sites))


def _user_frames(found: GraphBreak) -> list[tuple[str, int, str]]:
    """The break's frames outside torch and installed libraries, innermost first."""
    frames = list(found.stack) or [(found.file, found.line, found.function)]
    user = [f for f in frames if not _library(f[0])]
    # The script's module level is the outermost frame worth showing (above it: the
    # command that ran the script).
    top = next((i for i, f in enumerate(user) if f[2] == "<module>"), len(user) - 1)
    return user[:top + 1] or frames[:1]


def _library(path: str) -> bool:
    """torch, installed libraries, the standard library and synclint itself (the frames
    that ran the script)."""
    parts = os.path.normpath(path).split(os.sep)
    return any(part in _LIBRARY_PARTS for part in parts) or path.startswith("<") or \
        os.path.abspath(path).startswith(_NOT_USER)


_NOT_USER = (os.path.dirname(os.path.abspath(__file__)) + os.sep,
             os.path.abspath(sysconfig.get_paths()["stdlib"]) + os.sep)


def _with_findings(sites: list[BreakSite]) -> list[BreakSite]:
    """Each site with the code of the `synclint check` finding that predicts it."""
    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.join import path_key
    from synclint.join_breaks import covered_breaks
    from synclint.runner import all_diagnostics, check_paths

    files = list(dict.fromkeys(f.file for s in sites for f in s.stack
                               if f.file.endswith(".py") and os.path.isfile(f.file)))
    if not files:
        return sites
    try:
        settings = resolve_settings(files, None, Overrides())
    except ConfigError as error:
        click.echo(f"warning: cannot tell which breaks `synclint check` predicts: {error}",
                   err=True)
        return sites
    diagnostics = all_diagnostics(check_paths(files, settings, jobs=1))
    found = covered_breaks(diagnostics, sites, path_key)
    return [site if d is None else replace(site, code=d.code, static=True)
            for site, d in zip(sites, found)]


def render_breaks(profile: Profile) -> str:
    """The breaks as a table, most frequent first, each with its reason and callers."""
    header = ("site", "function", "count", "code", "static")
    rows = [(f"{s.file}:{s.line}", s.function, str(s.count), s.code,
             "yes" if s.static else "no") for s in profile.graph_breaks]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row, site in zip([header, *rows], [None, *profile.graph_breaks]):
        cells = [cell.rjust(w) if i == 2 else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
        if site is not None:
            lines.append(f"  reason: {site.reason}")
            lines.extend(f"  called from {f.file}:{f.line} ({f.function})"
                         for f in site.stack[1:4])
    total = sum(s.count for s in profile.graph_breaks)
    blind = sum(s.count for s in profile.graph_breaks if not s.static)
    summary = (f"synclint profile: {total} graph break(s) at {len(profile.graph_breaks)} "
               "site(s) (dynamo)")
    if blind:
        summary += f"; {blind} that no rule predicts (SYN499)"
    lines.append(summary)
    return "\n".join(lines) + "\n"
