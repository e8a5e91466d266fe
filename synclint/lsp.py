"""`synclint server`: a Language Server Protocol server (pygls >= 2) with diagnostics,
one quick fix per fixable finding and "Fix all synclint issues"."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition

from synclint import __version__

if TYPE_CHECKING:
    from synclint.engine import LintOutput
    from synclint.session import Session
from synclint.diagnostics import Applicability, Diagnostic, Location
from synclint.docs import rule_url
from synclint.profile_data import Profile
from synclint.report.text import runtime_note

SOURCE = "synclint"
FIX_ALL_TITLE = "Fix all synclint issues"
FIX_ALL_KIND = types.CodeActionKind.SourceFixAll + ".synclint"


def create_server() -> LanguageServer:
    """A server with synclint's features registered (not started)."""
    server = LanguageServer("synclint", __version__)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        _publish(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        _publish(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        _publish(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        path = _path_of(params.text_document.uri)
        if path is not None:
            _workspace.closed(path)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))
        _republish_others(ls, params.text_document.uri)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix,
                                                   types.CodeActionKind.SourceFixAll,
                                                   FIX_ALL_KIND]),
    )
    def code_action(ls: LanguageServer,
                    params: types.CodeActionParams) -> list[types.CodeAction]:
        return _code_actions(ls.workspace.get_text_document(params.text_document.uri),
                             params.range)

    return server


class _RuntimeProfile:
    """The profile of `synclint server --runtime FILE`, read again whenever it changes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._stamp: float | None = None
        self._profile: Profile | None = None

    def get(self) -> Profile | None:
        from synclint.profile_data import ProfileError, load_profile

        try:
            stamp = os.stat(self.path).st_mtime
        except OSError:
            return None  # not written yet: lint without it
        if stamp != self._stamp:
            try:
                self._profile = load_profile(self.path)
            except ProfileError:
                self._profile = None
            self._stamp = stamp
        return self._profile


_runtime: _RuntimeProfile | None = None


def serve(runtime: str | None = None) -> None:
    global _runtime
    _runtime = _RuntimeProfile(os.path.abspath(runtime)) if runtime is not None else None
    """Serve over stdin/stdout until the client exits."""
    create_server().start_io()


# -- linting a document -------------------------------------------------------------------
class _Workspace:
    """One session per project the open documents belong to (the files `synclint check`
    of its root checks), kept up to date with every edit of an open document."""

    def __init__(self) -> None:
        self._sessions: dict[Path, Session] = {}
        #: The view digest each open document's findings were last published with.
        self.published: dict[str, str | None] = {}

    def session(self, path: str) -> tuple[Session, frozenset[str], bool]:
        """The session `path` belongs to, its enabled codes and whether unsafe fixes
        are on."""
        from synclint.cache import default_cache_dir
        from synclint.config import ConfigError, Overrides, resolve_settings
        from synclint.session import Session, project_of

        try:
            settings = resolve_settings([path], None, Overrides())
        except ConfigError:
            from synclint.config import Settings

            settings = Settings()
        root = settings.root.resolve()
        session = self._sessions.get(root)
        if session is None or session.settings != settings:
            cache = default_cache_dir(settings.root)
            session = Session(settings, project_of(path, settings),
                              cache_dir=cache if cache.is_dir() else None, write_cache=False)
            self._sessions[root] = session
        elif not any(os.path.realpath(p) == os.path.realpath(path) for p in session.paths):
            session.paths.append(path)
        return session, settings.codes_for(path), settings.unsafe_fixes

    def closed(self, path: str) -> None:
        for session in self._sessions.values():
            session.set_text(path, None)


_workspace = _Workspace()


def _path_of(uri: str) -> str | None:
    return to_fs_path(uri) if uri.startswith("file:") else None


def _normalised(source: str) -> str:
    return source.replace("\r\n", "\n").replace("\r", "\n")


def _lint(document: TextDocument) -> tuple[list[Diagnostic], bool]:
    from synclint.engine import lint_source
    from synclint.rules import DEFAULT_CODES

    path = _path_of(document.uri)
    source = _normalised(document.source)
    if path is None:
        name, codes, unsafe = document.uri, DEFAULT_CODES, False
        diagnostics = lint_source(source, name, codes).diagnostics
    else:
        session, codes, unsafe = _workspace.session(path)
        name = path
        output = session.lint(path, source, shown=path, codes=codes)
        diagnostics = output.diagnostics
        view = session.view(path)
        _workspace.published[document.uri] = view.digest if view is not None else None
    profile = _runtime.get() if _runtime is not None else None
    if profile is not None:
        from synclint.join import join_profile

        diagnostics = join_profile(diagnostics, profile, [name], lambda _path: codes)
    return diagnostics, unsafe


def _position(document: TextDocument, location: Location) -> types.Position:
    return document.position_to_client_units(
        ServerTextPosition(location.row - 1, location.column - 1))


def _range(document: TextDocument, start: Location, end: Location) -> types.Range:
    return types.Range(start=_position(document, start), end=_position(document, end))


def to_lsp(document: TextDocument, diagnostic: Diagnostic) -> types.Diagnostic:
    """One synclint finding as an LSP diagnostic, linked to its rule page."""
    return types.Diagnostic(
        range=_range(document, diagnostic.location, diagnostic.end_location),
        message=diagnostic.message + runtime_note(diagnostic),
        severity=(types.DiagnosticSeverity.Error if diagnostic.code == "SYN000"
                  else types.DiagnosticSeverity.Warning),
        code=diagnostic.code,
        code_description=types.CodeDescription(href=rule_url(diagnostic.code)),
        source=SOURCE,
    )


def _publish(ls: LanguageServer, uri: str, others: bool = True) -> None:
    document = ls.workspace.get_text_document(uri)
    diagnostics, _ = _lint(document)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, diagnostics=[to_lsp(document, d) for d in diagnostics],
        version=document.version))
    if others:
        _republish_others(ls, uri)


def _republish_others(ls: LanguageServer, changed: str) -> None:
    """An edit of one module can change what another one's findings say (a helper that
    now syncs, called in a loop there): the other open documents whose view of the
    model changed are published again."""
    for uri in list(ls.workspace.text_documents):
        path = _path_of(uri)
        if uri == changed or path is None or uri not in _workspace.published:
            continue
        session, _, _ = _workspace.session(path)
        view = session.view(path)
        if (view.digest if view is not None else None) != _workspace.published[uri]:
            _publish(ls, uri, others=False)


# -- code actions ---------------------------------------------------------------------------
def _overlaps(a: types.Range, b: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return position.line, position.character

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def _code_actions(document: TextDocument, wanted: types.Range) -> list[types.CodeAction]:
    diagnostics, unsafe = _lint(document)
    actions: list[types.CodeAction] = []
    fixable = [d for d in diagnostics if d.fix is not None and d.fix.edits
               and (d.fix.applicability is Applicability.SAFE or unsafe)]
    for diagnostic in fixable:
        lsp_diagnostic = to_lsp(document, diagnostic)
        if not _overlaps(lsp_diagnostic.range, wanted):
            continue
        assert diagnostic.fix is not None
        edits = [types.TextEdit(range=_range(document, e.location, e.end_location),
                                new_text=_restore_newlines(document, e.content))
                 for e in diagnostic.fix.edits]
        actions.append(types.CodeAction(
            title=f"{diagnostic.code}: {diagnostic.fix.message}",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[lsp_diagnostic],
            edit=types.WorkspaceEdit(changes={document.uri: edits}),
            is_preferred=True,
        ))
    if fixable:
        fixed = _fix_all(document, unsafe)
        if fixed is not None:
            actions.append(types.CodeAction(
                title=FIX_ALL_TITLE, kind=FIX_ALL_KIND,
                edit=types.WorkspaceEdit(changes={document.uri: [fixed]})))
    return actions


def _fix_all(document: TextDocument, unsafe: bool) -> types.TextEdit | None:
    from synclint.fixer import fix_source
    from synclint.rules import DEFAULT_CODES

    path = _path_of(document.uri)
    source = _normalised(document.source)
    if path is None:
        result = fix_source(source, document.uri, DEFAULT_CODES, unsafe=unsafe)
    else:
        session, codes, _ = _workspace.session(path)

        def lint(text: str) -> LintOutput:
            return session.lint(path, text, shown=path, codes=codes)

        try:
            result = fix_source(source, path, codes, unsafe=unsafe, lint=lint)
        finally:
            session.set_text(path, source)  # the buffer is what the editor still shows
    if not result.changed:
        return None
    lines: Sequence[str] = document.lines
    end = types.Position(line=len(lines), character=0)
    return types.TextEdit(range=types.Range(start=types.Position(line=0, character=0), end=end),
                          new_text=_restore_newlines(document, result.text))


def _restore_newlines(document: TextDocument, text: str) -> str:
    source = document.source
    if "\r\n" in source:
        return text.replace("\n", "\r\n")
    if "\r" in source:
        return text.replace("\n", "\r")
    return text
