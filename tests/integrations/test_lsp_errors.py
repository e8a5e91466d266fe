"""The language server never hides a problem: an internal error is shown to the user
(window/showMessage) and logged (window/logMessage), once per document until it changes;
a file synclint gives up on is a SYN001 diagnostic, as in `check`."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pygls", reason="the lsp extra (pygls) is not installed")

from lsprotocol import types  # noqa: E402
from pygls.workspace import Workspace  # noqa: E402

from synclint import lsp  # noqa: E402
from synclint.rules import ALL_RULES  # noqa: E402
from tests.fixer.fake_rules import CrashingRule  # noqa: E402

URI = "untitled:train.py"  # no file: linted on its own, with the default rules
SOURCE = "import torch\nx = torch.ones(3)\nfor t in x:\n    t.item()\n"


class FakeServer:
    """What the handlers use of pygls's LanguageServer, recording what they send."""

    def __init__(self, text: str) -> None:
        self.workspace = Workspace(None)
        self.workspace.put_text_document(types.TextDocumentItem(URI, "python", 1, text))
        self.shown: list[types.ShowMessageParams] = []
        self.logged: list[types.LogMessageParams] = []
        self.published: list[types.PublishDiagnosticsParams] = []

    def window_show_message(self, params: types.ShowMessageParams) -> None:
        self.shown.append(params)

    def window_log_message(self, params: types.LogMessageParams) -> None:
        self.logged.append(params)

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self.published.append(params)


@pytest.fixture
def crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    import synclint.rules

    monkeypatch.setitem(ALL_RULES, CrashingRule.code, CrashingRule)
    monkeypatch.setattr(synclint.rules, "DEFAULT_CODES", frozenset({"SYN101", "SYN908"}))
    lsp._shown.clear()


def _publish(server: Any) -> None:
    lsp._publish(server, URI)


@pytest.mark.usefixtures("crashing")
def test_internal_error_in_a_rule_is_shown_and_logged_once() -> None:
    server = FakeServer(SOURCE)
    _publish(server)
    (shown,) = server.shown
    assert shown.type is types.MessageType.Error
    assert "train.py" in shown.message and "internal error" in shown.message
    assert "IndexError" in shown.message
    assert server.logged and "IndexError" in server.logged[0].message
    _publish(server)  # the user types on: logged again, not popped up again
    assert len(server.shown) == 1 and len(server.logged) == 2


@pytest.mark.usefixtures("crashing")
def test_a_crash_outside_the_rules_is_shown_with_its_traceback_logged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from synclint import engine

    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("settings")

    monkeypatch.setattr(engine, "lint_source", broken)
    server = FakeServer(SOURCE)
    _publish(server)
    assert server.published == []  # no empty list that would pass for "no findings"
    (shown,) = server.shown
    assert "internal error while checking" in shown.message and "KeyError" in shown.message
    assert "Traceback" in server.logged[0].message


@pytest.mark.usefixtures("crashing")
def test_code_actions_report_an_internal_error_instead_of_failing() -> None:
    server = FakeServer(SOURCE)
    document = server.workspace.get_text_document(URI)
    whole = types.Range(types.Position(0, 0), types.Position(4, 0))
    assert lsp._code_actions(server, document, whole) == []  # type: ignore[arg-type]
    assert server.shown and "IndexError" in server.shown[0].message


def test_file_synclint_gives_up_on_is_a_syn001_diagnostic() -> None:
    lsp._shown.clear()
    # Deep, with a host read in a loop: a rule may fire, so LibCST must parse it.
    server = FakeServer("import torch\nx = " + "-" * 5000 + "1\n"
                        "for t in torch.ones(3).cuda():\n    print(t.item())\n")
    _publish(server)
    (published,) = server.published
    (diagnostic,) = published.diagnostics
    assert diagnostic.code == "SYN001"
    assert diagnostic.message.startswith("Too complex to analyse")
    assert server.shown == []  # a finding, not a failure of synclint's
