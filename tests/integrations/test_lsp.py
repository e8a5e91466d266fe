"""`synclint server` driven by pygls's own language client over stdio."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the lsp extra (pygls) is not installed")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from synclint.docs import rule_url  # noqa: E402
from synclint.lsp import FIX_ALL_TITLE  # noqa: E402

NAIVE = (
    "import torch\n"
    "\n"
    "def total(ts: list[torch.Tensor]) -> float:\n"
    "    s = 0.0\n"
    "    for t in ts:\n"
    "        s += t.item()  # noqa: SYN999\n"
    "    return s\n"
)
FIXED_NOQA = NAIVE.replace("  # noqa: SYN999", "")


def _offset(text: str, position: types.Position) -> int:
    lines = text.splitlines(keepends=True)
    if position.line >= len(lines):
        return len(text)
    return sum(len(line) for line in lines[:position.line]) + position.character


def apply_edits(text: str, edits: Sequence[types.TextEdit]) -> str:
    """Apply LSP text edits the way an editor does (from the end backwards)."""
    spans = sorted(((_offset(text, e.range.start), _offset(text, e.range.end), e.new_text)
                    for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


class Session:
    """A started client with the diagnostics it has been sent, per URI."""

    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.published: dict[str, asyncio.Queue[types.PublishDiagnosticsParams]] = {}

    def queue(self, uri: str) -> asyncio.Queue[types.PublishDiagnosticsParams]:
        return self.published.setdefault(uri, asyncio.Queue())

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        params = await asyncio.wait_for(self.queue(uri).get(), timeout=30)
        return list(params.diagnostics)


async def _start(root: Path) -> Session:
    client = LanguageClient("synclint-test", "1")
    session = Session(client)

    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        session.queue(params.uri).put_nowait(params)

    client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(on_diagnostics)

    await client.start_io(sys.executable, "-m", "synclint", "server", cwd=str(root))
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=root.as_uri(),
        process_id=None))
    client.initialized(types.InitializedParams())
    return session


async def _stop(session: Session) -> None:
    await session.client.shutdown_async(None)
    session.client.exit(None)
    await session.client.stop()  # type: ignore[no-untyped-call]


def _open(session: Session, uri: str, text: str) -> None:
    session.client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1,
                                             text=text)))


def _run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, timeout=120))  # type: ignore[arg-type]


def test_open_publishes_diagnostics_with_code_link_and_source(tmp_path: Path) -> None:
    async def scenario() -> None:
        session = await _start(tmp_path)
        try:
            uri = (tmp_path / "train.py").as_uri()
            _open(session, uri, NAIVE)
            found = await session.diagnostics(uri)
            by_code = {d.code: d for d in found}
            assert set(by_code) == {"SYN101"}  # SYN100 is off by default
            item = by_code["SYN101"]
            assert item.source == "synclint"
            assert item.code_description is not None
            assert item.code_description.href == rule_url("SYN101")
            # `t.item()` starts at 0-based line 5, column 13 (the `t` of `t.item()`).
            assert (item.range.start.line, item.range.start.character) == (5, 13)
        finally:
            await _stop(session)

    _run(scenario())


def test_change_and_save_republish(tmp_path: Path) -> None:
    async def scenario() -> None:
        session = await _start(tmp_path)
        try:
            uri = (tmp_path / "train.py").as_uri()
            _open(session, uri, NAIVE)
            assert await session.diagnostics(uri)
            clean = "import torch\n\nx = torch.ones(3).sum().item()\n"
            session.client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=clean)]))
            assert await session.diagnostics(uri) == []
            session.client.text_document_did_save(types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
            assert await session.diagnostics(uri) == []
        finally:
            await _stop(session)

    _run(scenario())


def test_code_actions_fix_one_finding_and_fix_all(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.synclint]\nextend-select = ['SYN100']\n", encoding="utf-8")

    async def scenario() -> None:
        session = await _start(tmp_path)
        try:
            uri = (tmp_path / "train.py").as_uri()
            _open(session, uri, NAIVE)
            found = await session.diagnostics(uri)
            unused = [d for d in found if d.code == "SYN100"]
            assert len(unused) == 1
            actions = await session.client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=unused[0].range,
                    context=types.CodeActionContext(diagnostics=unused)))
            assert actions is not None
            titles = [a.title for a in actions if isinstance(a, types.CodeAction)]
            assert FIX_ALL_TITLE in titles
            quick = [a for a in actions if isinstance(a, types.CodeAction)
                     and a.kind == types.CodeActionKind.QuickFix]
            assert [a.title.split(":")[0] for a in quick] == ["SYN100"]
            assert quick[0].edit is not None and quick[0].edit.changes is not None
            assert apply_edits(NAIVE, quick[0].edit.changes[uri]) == FIXED_NOQA
            fix_all = next(a for a in actions
                           if isinstance(a, types.CodeAction) and a.title == FIX_ALL_TITLE)
            assert fix_all.edit is not None and fix_all.edit.changes is not None
            fixed = apply_edits(NAIVE, fix_all.edit.changes[uri])
            assert "# noqa" not in fixed
            from synclint.fixer import fix_source
            from synclint.rules import DEFAULT_CODES

            assert fixed == fix_source(NAIVE, "train.py", DEFAULT_CODES | {"SYN100"}).text
        finally:
            await _stop(session)

    _run(scenario())


HELPERS = "def to_number(t):\n    return t.item()\n"
TRAIN = (
    "import torch\n"
    "from helpers import to_number\n"
    "\n"
    "def train(losses: list[torch.Tensor]) -> None:\n"
    "    for loss in losses:\n"
    "        to_number(loss)\n"
)


def test_a_helper_in_another_module_is_reported_and_an_edit_of_it_republishes_the_caller(
        tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS, encoding="utf-8")
    (tmp_path / "train.py").write_text(TRAIN, encoding="utf-8")

    async def scenario() -> None:
        session = await _start(tmp_path)
        try:
            train = (tmp_path / "train.py").as_uri()
            helpers = (tmp_path / "helpers.py").as_uri()
            _open(session, train, TRAIN)
            found = await session.diagnostics(train)
            assert [(d.code, d.range.start.line) for d in found] == [("SYN101", 5)]
            _open(session, helpers, HELPERS)
            await session.diagnostics(helpers)
            # The helper no longer reads the tensor (unsaved): train.py is clean now.
            session.client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=helpers, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(
                    text="def to_number(t):\n    return t\n")]))
            await session.diagnostics(helpers)
            assert await session.diagnostics(train) == []
        finally:
            await _stop(session)

    _run(scenario())
