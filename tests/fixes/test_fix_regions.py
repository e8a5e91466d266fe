"""No fix where the fixer must leave code alone: functions a compiler runs (TorchScript,
`torch.compile`) and functions whose comments warn against `.tolist()`.

Each refusal is shown to matter by executing the rewrite the fixer would otherwise apply
(the refusal switched off): TorchScript rejects it when the module is imported, and
`torch.compile(fullgraph=True)` fails on it where it compiled the original."""

from __future__ import annotations

import importlib.util
import os
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
import torch

from synclint.fixer import fix_source
from synclint.rules import base

CODES = ("SYN101", "SYN102", "SYN112")

TORCHSCRIPT = textwrap.dedent("""\
    import torch
    from typing import List


    @torch.jit.script
    def sizes(xs: List[torch.Tensor]) -> List[int]:
        out: List[int] = []
        for x in xs:
            out.append(int(x.item()))
        return out
""")

COMPILED = textwrap.dedent("""\
    import torch


    @torch.compile(fullgraph=True, backend="eager")
    def total(xs: list[torch.Tensor]) -> float:
        s = 0.0
        for x in xs:
            s += x.item()
        return s
""")

# Reduced from diffusers' `gather_size_by_comm`.
TOLIST_WARNING = textwrap.dedent("""\
    import torch


    def gather_sizes(gathered_sizes: list[torch.Tensor]) -> list[int]:
        gathered_sizes = [s[0].item() for s in gathered_sizes]
        # NOTE: DON'T use tolist here due to graph break
        return gathered_sizes
""")


def _fix(source: str) -> tuple[str, list[str]]:
    result = fix_source(source, "m.py", CODES, unsafe=True)
    assert result.error is None
    return result.text, [d.help or "" for d in result.remaining]


def _import(tmp_path: Path, name: str, source: str) -> ModuleType:
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _without_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "refusal", lambda *args: None)


def test_no_fix_in_a_torchscript_function(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    text, helps = _fix(TORCHSCRIPT)
    assert text == TORCHSCRIPT
    assert any("No safe fix: `sizes` is compiled by `torch.jit.script`" in h for h in helps)
    original = _import(tmp_path, "scripted_naive", TORCHSCRIPT)
    assert original.sizes([torch.tensor(3), torch.tensor(4)]) == [3, 4]
    # The rewrite it would get otherwise: TorchScript rejects it on import.
    _without_refusal(monkeypatch)
    rewritten, _ = _fix(TORCHSCRIPT)
    assert rewritten != TORCHSCRIPT
    with pytest.raises(torch.jit.frontend.NotSupportedError):
        _import(tmp_path, "scripted_fixed", rewritten)


def test_no_fix_in_a_function_given_to_torch_jit_script_by_name() -> None:
    source = textwrap.dedent("""\
        import torch
        from torch import jit


        def pair(t: torch.Tensor):
            a = t[0].float().item()
            b = t[1].float().item()
            return a, b


        def first(xs: list[torch.Tensor]) -> list[float]:
            return [x.item() for x in xs]


        scripted_pair = jit.script(pair)
    """)
    text, helps = _fix(source)
    assert "def pair(t: torch.Tensor):\n    a = t[0].float().item()" in text
    assert any("`pair` is compiled by `torch.jit.script`" in h for h in helps)
    assert "return [x.item() for x in xs]" not in text  # `first` is not compiled: fixed


def test_no_fix_in_a_torch_compile_function() -> None:
    text, helps = _fix(COMPILED)
    assert text == COMPILED
    assert any("`total` is compiled by `torch.compile`" in h for h in helps)


@pytest.mark.skipif(not os.environ.get("SYNCLINT_SLOW_TESTS"),
                    reason="torch.compile takes ~20 s to start; set SYNCLINT_SLOW_TESTS=1")
def test_the_refused_rewrite_fails_under_torch_compile_fullgraph(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import torch._dynamo

    monkeypatch.setattr(torch._dynamo.config, "capture_scalar_outputs", True)
    values = [torch.tensor(1.5), torch.tensor(2.5)]
    assert _import(tmp_path, "compiled_naive", COMPILED).total(values) == 4.0
    _without_refusal(monkeypatch)
    rewritten, _ = _fix(COMPILED)
    assert ".tolist()" in rewritten
    torch._dynamo.reset()
    with pytest.raises(Exception, match="tolist"):
        _import(tmp_path, "compiled_fixed", rewritten).total(values)


def test_no_fix_where_a_comment_warns_against_tolist() -> None:
    text, helps = _fix(TOLIST_WARNING)
    assert text == TOLIST_WARNING
    assert any("a comment here warns against `.tolist()`" in h for h in helps)


@pytest.mark.parametrize("source", [
    # Not compiled: `torch.compiler.disable` and `torch.jit.ignore` keep Python running it.
    """\
    import torch


    @torch.compiler.disable
    def total(xs: list[torch.Tensor]) -> float:
        s = 0.0
        for x in xs:
            s += x.item()
        return s
    """,
    """\
    import torch


    class M(torch.nn.Module):
        @torch.jit.ignore
        def total(self, xs: list[torch.Tensor]) -> float:
            s = 0.0
            for x in xs:
                s += x.item()
            return s
    """,
    # A comment that mentions `.tolist()` without warning against it.
    """\
    import torch


    def gather_sizes(gathered_sizes: list[torch.Tensor]) -> list[int]:
        # one .tolist() would read them all
        return [s[0].item() for s in gathered_sizes]
    """,
    # The warning is in another function.
    """\
    import torch


    def other(t: torch.Tensor) -> int:
        # don't use tolist here
        return int(t.sum())


    def gather_sizes(gathered_sizes: list[torch.Tensor]) -> list[int]:
        return [s[0].item() for s in gathered_sizes]
    """,
])
def test_look_alikes_are_still_fixed(source: str) -> None:
    source = textwrap.dedent(source)
    text, _ = _fix(source)
    assert text != source
