"""File discovery: paths and directories to the Python files to check, honouring excludes
and .gitignore files."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from synclint.config import Settings

STDIN = "-"
#: What a directory walk checks: Python files and Jupyter notebooks (like ruff).
SOURCE_SUFFIXES = (".py", ".ipynb")


class GitIgnore:
    """The patterns of one .gitignore file, matched relative to its directory with git's
    own semantics (negation, directory-only and anchored patterns, `**`, escapes,
    trailing spaces), as implemented by `pathspec` (pure Python, no dependencies)."""

    def __init__(self, base: str, patterns: Sequence[Any]) -> None:
        self.base = base
        self.patterns = patterns

    @classmethod
    def load(cls, directory: str) -> GitIgnore | None:
        path = os.path.join(directory, ".gitignore")
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                lines = handle.read().splitlines()
        except OSError:
            return None
        # Imported here: most runs meet no .gitignore below the paths they check.
        import pathspec

        spec = pathspec.GitIgnoreSpec.from_lines(lines)
        patterns = [p for p in spec.patterns if p.include is not None]
        return cls(directory, patterns) if patterns else None

    def match(self, path: str, is_dir: bool) -> bool | None:
        """True if ignored, False if re-included by a `!` pattern, None if no pattern matches."""
        relative = os.path.relpath(path, self.base).replace(os.sep, "/")
        if relative.startswith(".."):
            return None
        verdict: bool | None = None
        for pattern in self.patterns:  # the last matching pattern decides, as in git
            if (_matches_directory(pattern, relative) if is_dir
                    else pattern.match_file(relative) is not None):
                verdict = bool(pattern.include)
        return verdict


def _matches_directory(pattern: Any, relative: str) -> bool:
    """Whether `pattern` matches the directory `relative` itself, as git decides before
    walking into it. pathspec matches "dir/" also for patterns that only match what is
    inside (`tests/**`), which git does not apply to the directory: a match counts only
    when pathspec's directory marker (the `ps_d` group) is the final slash."""
    match = pattern.regex.match(relative + "/")
    if match is None:
        return False
    return "ps_d" in match.re.groupindex and match.end("ps_d") == len(relative) + 1


def _git_root(start: str) -> str | None:
    current = os.path.abspath(start)
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _ignored(path: str, is_dir: bool, ignores: Sequence[GitIgnore]) -> bool:
    verdict = False
    for ignore in ignores:  # outermost first: deeper files override
        result = ignore.match(path, is_dir)
        if result is not None:
            verdict = result
    return verdict


def _inherited_ignores(directory: str) -> list[GitIgnore]:
    """The .gitignore files from the git root down to the parent of `directory`."""
    directory = os.path.abspath(directory)
    root = _git_root(directory)
    if root is None or root == directory:
        return []
    folders: list[str] = []
    current = os.path.dirname(directory)
    while True:
        folders.append(current)
        parent = os.path.dirname(current)
        if current == root or parent == current:
            break
        current = parent
    loaded = (GitIgnore.load(folder) for folder in reversed(folders))
    return [ignore for ignore in loaded if ignore is not None]


def discover(paths: Sequence[str], settings: Settings, *,
             force_exclude: bool = False) -> Iterator[str]:
    """The Python files under `paths`, sorted per directory, each once.

    Files named explicitly are checked even when excluded (as ruff does), unless
    `force_exclude`; directories are walked without following symlinks, so symlink
    loops cannot recurse.
    """
    seen: set[str] = set()
    for path in paths:
        if path == STDIN:
            yield STDIN
            continue
        if os.path.isdir(path):
            for found in _walk(path, settings):
                key = os.path.realpath(found)
                if key not in seen:
                    seen.add(key)
                    yield found
        else:
            if force_exclude and settings.is_excluded(path):
                continue
            key = os.path.realpath(path)
            if key not in seen:
                seen.add(key)
                yield path  # missing or unreadable files are reported when read


def _walk(top: str, settings: Settings) -> Iterator[str]:
    inherited = _inherited_ignores(top)
    stack: list[tuple[str, list[GitIgnore]]] = [(top, inherited)]
    while stack:
        directory, ignores = stack.pop()
        own = GitIgnore.load(directory)
        active = ignores + [own] if own is not None else ignores
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            continue
        subdirectories: list[str] = []
        for entry in entries:
            path = os.path.join(directory, entry.name) if directory != "." else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = entry.is_file()
                # A broken link is reported (SYN001, as ruff's E902), never skipped.
                is_file = is_file or (entry.is_symlink() and not os.path.exists(path))
            except OSError:
                continue
            if is_dir:
                if entry.name in (".git",) or settings.is_excluded(path) or _ignored(
                        path, True, active):
                    continue
                subdirectories.append(path)
            elif is_file and entry.name.endswith(SOURCE_SUFFIXES):
                if settings.is_excluded(path) or _ignored(path, False, active):
                    continue
                yield path
        for sub in reversed(subdirectories):
            stack.append((sub, active))


def display_path(path: str) -> str:
    """How a path is shown in output: relative to the working directory when below it."""
    if path == STDIN:
        return path
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else Path(relative).as_posix()
