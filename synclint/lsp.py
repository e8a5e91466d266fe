"""`synclint server`: a Language Server Protocol server (pygls >= 2) with diagnostics,
one quick fix per fixable finding and "Fix all synclint issues"."""

from __future__ import annotations

import os
from collections.abc import Sequence

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition

from synclint import __version__
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
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

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
def _settings_for(document: TextDocument) -> tuple[str, frozenset[str], bool]:
    """The file name to lint as, its enabled codes and whether unsafe fixes are on."""
    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.rules import DEFAULT_CODES

    path = to_fs_path(document.uri) if document.uri.startswith("file:") else None
    name = path or document.uri
    if path is None:
        return name, DEFAULT_CODES, False
    try:
        settings = resolve_settings([path], None, Overrides())
    except ConfigError:
        return name, DEFAULT_CODES, False
    return path, settings.codes_for(path), settings.unsafe_fixes


def _normalised(source: str) -> str:
    return source.replace("\r\n", "\n").replace("\r", "\n")


def _lint(document: TextDocument) -> tuple[list[Diagnostic], bool]:
    from synclint.engine import lint_source

    name, codes, unsafe = _settings_for(document)
    diagnostics = lint_source(_normalised(document.source), name, codes).diagnostics
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


def _publish(ls: LanguageServer, uri: str) -> None:
    document = ls.workspace.get_text_document(uri)
    diagnostics, _ = _lint(document)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, diagnostics=[to_lsp(document, d) for d in diagnostics],
        version=document.version))


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

    name, codes, _ = _settings_for(document)
    result = fix_source(_normalised(document.source), name, codes, unsafe=unsafe)
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
