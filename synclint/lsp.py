"""`synclint server`: a Language Server Protocol server (pygls >= 2) with diagnostics,
one quick fix per fixable finding and "Fix all synclint issues"."""

from __future__ import annotations

import logging
import os
import traceback
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
from synclint.diagnostics import Applicability, Diagnostic, FileResult, Location
from synclint.docs import rule_url
from synclint.profile_data import Profile
from synclint.report.text import runtime_note

SOURCE = "synclint"
FIX_ALL_TITLE = "Fix all synclint issues"
FIX_ALL_KIND = types.CodeActionKind.SourceFixAll + ".synclint"
_log = logging.getLogger("synclint.lsp")


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
        _shown.pop(params.text_document.uri, None)
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
        uri = params.text_document.uri
        try:
            return _code_actions(ls, ls.workspace.get_text_document(uri), params.range)
        except Exception:  # a bug of synclint's: shown and logged, never silent
            _internal_error(ls, uri, "while computing code actions for")
            return []

    return server


class _RuntimeProfile:
    """The profile of `synclint server --runtime FILE`, read again whenever it changes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._stamp: float | None = None
        self._profile: Profile | None = None
        self._warned: set[str] = set()

    def get(self) -> Profile | None:
        from synclint.profile_data import (
            ProfileError,
            changed_files,
            load_profile,
            without_files,
        )

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
        if self._profile is None:
            return None
        # Sites of files edited since the profile was taken would land on moved lines.
        changed = changed_files(self._profile)
        for path in set(changed) - self._warned:
            self._warned.add(path)
            _log.warning("%s changed since the profile was taken; its syncs are not joined",
                         path)
        return without_files(self._profile, changed)


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


# -- problems: shown to the user (window/showMessage) and logged, never swallowed ---------
#: The last problem shown per document, so that typing does not pop it up again and again.
_shown: dict[str, str] = {}


def _tell(ls: LanguageServer | None, uri: str, message: str, *,
          detail: str | None = None) -> None:
    """Show `message` as an error (once per document until it changes) and log it (only
    log it without a server, when called outside a session with a client)."""
    _log.error("%s", message)
    if ls is None:
        return
    ls.window_log_message(types.LogMessageParams(types.MessageType.Error,
                                                 message + (f"\n{detail}" if detail else "")))
    if _shown.get(uri) != message:
        _shown[uri] = message
        ls.window_show_message(types.ShowMessageParams(types.MessageType.Error, message))


def _internal_error(ls: LanguageServer, uri: str, doing: str) -> None:
    """Report the exception being handled: a one-line message, the traceback in the log."""
    import sys

    error = sys.exc_info()[1]
    name = _path_of(uri) or uri
    _tell(ls, uri, f"synclint: internal error {doing} {name}: "
                   f"{type(error).__name__}: {error}", detail=traceback.format_exc())


def _lint(document: TextDocument,
          ls: LanguageServer | None = None) -> tuple[list[Diagnostic], bool]:
    from synclint.engine import lint_source
    from synclint.file_errors import with_file_error_findings
    from synclint.rules import DEFAULT_CODES

    path = _path_of(document.uri)
    source = _normalised(document.source)
    if path is None:
        name, codes, unsafe = document.uri, DEFAULT_CODES, False
        output = lint_source(source, name, codes)
    else:
        session, codes, unsafe = _workspace.session(path)
        name = path
        output = session.lint(path, source, shown=path, codes=codes)
        view = session.view(path)
        _workspace.published[document.uri] = view.digest if view is not None else None
    error = output.error
    if error is not None and error.internal:
        _tell(ls, document.uri, f"synclint: {name}: {error.message}")
    elif error is None:
        _shown.pop(document.uri, None)
    # A file synclint gives up on (too complex, too large) is a SYN001 finding, as in `check`.
    result = with_file_error_findings(
        FileResult(name, tuple(output.diagnostics), (error,) if error else ()), codes)
    diagnostics = list(result.diagnostics)
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
    try:
        diagnostics, _ = _lint(document, ls)
    except Exception:  # a bug of synclint's: shown and logged, never an empty list
        _internal_error(ls, uri, "while checking")
        return
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


def _code_actions(ls: LanguageServer, document: TextDocument,
                  wanted: types.Range) -> list[types.CodeAction]:
    diagnostics, unsafe = _lint(document, ls)
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
        fixed = _fix_all(ls, document, unsafe)
        if fixed is not None:
            actions.append(types.CodeAction(
                title=FIX_ALL_TITLE, kind=FIX_ALL_KIND,
                edit=types.WorkspaceEdit(changes={document.uri: [fixed]})))
    return actions


def _fix_all(ls: LanguageServer, document: TextDocument,
             unsafe: bool) -> types.TextEdit | None:
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
    if result.error is not None and result.error.internal:
        _tell(ls, document.uri, f"synclint: {path or document.uri}: {result.error.message}")
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
