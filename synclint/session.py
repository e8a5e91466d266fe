"""One model of the program for every entry point (DESIGN.md section 10).

`check`, `fix` (every round and its final report), `--diff`, standard input, notebooks,
the language server and the flake8 plugin all lint a file with the view of the same
whole-program model: the files of the project as they are on disk, except where a
session holds another text for one (an editor's buffer, standard input, a file being
fixed). So they report the same findings.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from synclint.files import STDIN, display_path

if TYPE_CHECKING:
    from synclint.analysis.index_store import IndexStore, MemoryIndexStore
    from synclint.config import Settings
    from synclint.engine import LintOutput
    from synclint.model.summaries import FileView


class Session:
    """The model of one set of files (`paths`: what `synclint check` would check), and
    the findings of any of them, with any text."""

    def __init__(self, settings: Settings, paths: Iterable[str], *,
                 cache_dir: Path | None = None, write_cache: bool = True) -> None:
        self.settings = settings
        self.paths = [path for path in paths if path != STDIN]
        #: The results cache's directory, whose index entry the first build starts from;
        #: later builds (after an edit) update it only with `write_cache` (an editor's
        #: unsaved buffers stay in memory).
        self.cache_dir = cache_dir
        self.write_cache = write_cache
        self._texts: dict[str, str] = {}  # real path -> the text that replaces the disk's
        self._views: dict[str, FileView] | None = None
        self._store: IndexStore | MemoryIndexStore | None = None

    # -- texts --------------------------------------------------------------------------
    def set_text(self, path: str, text: str | None) -> None:
        """Lint `path` as `text` from now on (None: as it is on disk again); the model
        is brought up to date on the next question."""
        real = os.path.realpath(path)
        if text is not None and real not in self._texts and text == _disk_text(path):
            text = None  # the same as on disk: the model need not change
        if text is None:
            if self._texts.pop(real, None) is not None:
                self._views = None
        elif self._texts.get(real) != text:
            self._texts[real] = text
            self._views = None
        if path not in self.paths and text is not None and path != STDIN:
            self.paths.append(path)
            self._views = None

    def texts(self) -> Mapping[str, str]:
        """The texts that replace files on disk, by real path."""
        return self._texts

    # -- the model ------------------------------------------------------------------------
    def views(self) -> dict[str, FileView]:
        """Each file's view of the model, by real path (built on first use, and again
        after a text changed; only what changed is indexed again)."""
        if self._views is None:
            self._views = self._build()
        return self._views

    def view(self, path: str) -> FileView | None:
        return self.views().get(os.path.realpath(path))

    def _build(self) -> dict[str, FileView]:
        from synclint.analysis.index_cache import build
        from synclint.analysis.index_store import IndexStore, MemoryIndexStore
        from synclint.model.project import no_cyclic_gc

        if self._store is None:
            if self.cache_dir is not None and self.write_cache:
                self._store = IndexStore(self.cache_dir)
            else:
                self._store = MemoryIndexStore(
                    IndexStore(self.cache_dir) if self.cache_dir is not None else None)
        texts = dict(self._texts)
        texts.update(notebook_sources(self.paths, texts))
        views: dict[str, FileView] = {}
        with no_cyclic_gc():
            try:
                project = build(self.paths, display_path, self._store, texts)
            except (RecursionError, MemoryError):
                return views  # each file is then indexed on its own
            for path in self.paths:
                view = project.view(display_path(path))
                if view is not None:
                    views[os.path.realpath(path)] = view
        return views

    # -- findings -------------------------------------------------------------------------
    def lint(self, path: str, text: str | None = None, *, shown: str | None = None,
             codes: Iterable[str] | None = None) -> LintOutput:
        """The findings of `path` with `text` (default: the session's text of it, else
        the disk's), as `synclint check` of the session's files reports them."""
        from synclint.engine import lint_source

        if text is not None:
            self.set_text(path, text)
        else:
            text = self.text(path)
        name = shown if shown is not None else display_path(path)
        selected = set(codes) if codes is not None else self.settings.codes_for(path)
        return lint_source(text, name, selected, self.view(path),
                           opt_in=self.settings.opt_in, once=self.settings.once)

    def text(self, path: str) -> str:
        """The session's text of `path`, else the file's decoded text on disk."""
        real = os.path.realpath(path)
        found = self._texts.get(real)
        if found is not None:
            return found
        from synclint.files_io import read_source

        if path.endswith(".ipynb"):
            source = notebook_sources([path], {}).get(real)
            if source is not None:
                return source
        return read_source(path).text


def _disk_text(path: str) -> str | None:
    """What the model indexes for `path` from the disk (a notebook: its cells' code)."""
    from synclint.files_io import SourceError, read_source

    if path.endswith(".ipynb"):
        return notebook_sources([path], {}).get(os.path.realpath(path))
    try:
        return read_source(path).text
    except SourceError:
        return None


def notebook_sources(paths: Sequence[str], known: Mapping[str, str]) -> dict[str, str]:
    """The code of each notebook among `paths` (its cells as one source), by real path,
    so that the model indexes notebooks as modules too."""
    from synclint.files_io import SourceError, read_source
    from synclint.notebook import is_notebook, parse_notebook

    sources: dict[str, str] = {}
    for path in paths:
        real = os.path.realpath(path)
        if not is_notebook(path) or real in known:
            continue
        try:
            sources[real] = parse_notebook(display_path(path), read_source(path).text).source
        except SourceError:
            continue  # reported when the notebook itself is checked
    return sources


def project_of(path: str, settings: Settings) -> list[str]:
    """The files of the project `path` belongs to: what `synclint check` of the
    configuration's directory (else the current directory) checks, when `path` lies
    under it; else `path` alone (with what it imports)."""
    from synclint.files import discover

    root = settings.root
    try:
        inside = Path(path).resolve().is_relative_to(root.resolve())
    except OSError:
        inside = False
    if not inside:
        return [path]
    files = list(discover([str(root)], settings))
    real = os.path.realpath(path)
    return files if any(os.path.realpath(f) == real for f in files) else [*files, path]
