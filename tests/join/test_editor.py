"""`synclint server --runtime PROFILE.json`: the join reaches the editor."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the lsp extra (pygls) is not installed")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

HELPER = "import torch\n\n\ndef loss_value(loss: torch.Tensor) -> float:\n" \
         "    return loss.detach().item()\n"
LOOP = "import torch\n\ndef f(ts: list[torch.Tensor]):\n    return [t.item() for t in ts]\n"


def _profile(root: Path) -> None:
    def site(file: str, line: int, function: str, count: int) -> dict[str, object]:
        return {"file": file, "line": line, "function": function, "kind": "item",
                "count": count, "code": "SYN101", "static": False,
                "stack": [{"file": file, "line": line, "function": function},
                          {"file": "train.py", "line": 9, "function": "train"}]}

    (root / "profile.json").write_text(json.dumps({
        "total": 25, "backend": "emulated",
        "sites": [site("loop.py", 4, "<listcomp>", 20), site("train_helpers.py", 5,
                                                             "loss_value", 5)]}))


def test_the_editor_shows_measured_counts_and_runtime_only_syncs(tmp_path: Path) -> None:
    (tmp_path / "train_helpers.py").write_text(HELPER)
    (tmp_path / "loop.py").write_text(LOOP)
    _profile(tmp_path)

    async def scenario() -> dict[str, list[types.Diagnostic]]:
        client = LanguageClient("synclint-test", "1")
        published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            published.put_nowait(params)

        client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(on_diagnostics)
        await client.start_io(sys.executable, "-m", "synclint", "server", "--runtime",
                              "profile.json", cwd=str(tmp_path))
        await client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=tmp_path.as_uri(),
            process_id=None))
        client.initialized(types.InitializedParams())
        found: dict[str, list[types.Diagnostic]] = {}
        try:
            for name, text in (("train_helpers.py", HELPER), ("loop.py", LOOP)):
                client.text_document_did_open(types.DidOpenTextDocumentParams(
                    text_document=types.TextDocumentItem(
                        uri=(tmp_path / name).as_uri(), language_id="python", version=1,
                        text=text)))
                params = await asyncio.wait_for(published.get(), timeout=30)
                found[name] = list(params.diagnostics)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()  # type: ignore[no-untyped-call]
        return found

    found = asyncio.run(asyncio.wait_for(scenario(), timeout=120))
    [blind] = found["train_helpers.py"]
    assert blind.code == "SYN199" and blind.message.endswith("[5 syncs]")
    assert blind.range.start.line == 4
    [loop] = found["loop.py"]
    assert loop.code == "SYN101" and loop.message.endswith("[20 syncs]")
