"""The fixes that keep a value on the device, in compiled code: each shape under
tests/compile/shapes/ is fixed with `synclint fix`, then both versions run on the same
inputs eagerly and under `torch.compile(backend="eager")` on CPU. On normal inputs the
results agree; the fixed version has no graph break where the naive one had one; an
unsafe fix's edge inputs show the difference its reason names. Eagerly, the fixed
version syncs less (the emulator, as if on a GPU). The first lines of a
shape say `# expect-fix: safe|unsafe` and whether the naive version breaks the graph
(`# breaks: yes|no`)."""

from __future__ import annotations

import importlib.util
import logging
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from synclint.fixer import fix_source
from tests.fixes.differential import compare

torch = pytest.importorskip("torch")

SHAPES = sorted((Path(__file__).parent / "shapes").glob("*.py"))
CODES = ("SYN102", "SYN104", "SYN111")


def _load(path: Path, text: str, name: str) -> ModuleType:
    target = path.with_name(f"{name}.py")
    target.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _call(function: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, str | None]:
    try:
        return function(*args), None
    except Exception as error:  # compared: the exception type is part of the behaviour
        return None, type(error).__name__


def _syncs(function: Callable[..., Any], args: tuple[Any, ...]) -> int:
    from synclint.runtime import count_syncs

    with count_syncs("emulated", whole_program=True) as syncs:
        _call(function, args)
    return syncs.total


def _breaks(module: ModuleType, args: tuple[Any, ...]) -> tuple[int, Any, str | None]:
    from synclint.runtime.dynamo import record_graph_breaks

    torch._dynamo.reset()
    with record_graph_breaks() as log, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value, error = _call(module.compiled, args)
    return sum(1 for b in log.breaks if b.file == module.__file__), value, error


@pytest.mark.parametrize("path", SHAPES, ids=[p.stem for p in SHAPES])
def test_fix_keeps_values_and_removes_the_graph_break(path: Path, tmp_path: Path) -> None:
    logging.getLogger("torch._dynamo").setLevel(logging.ERROR)
    text = path.read_text(encoding="utf-8")
    expect = text.splitlines()[0].removeprefix("# expect-fix: ").strip()
    # On torch 2.13 a tensor `assert` does not break (Dynamo makes it `_assert_async`):
    # its fix removes the eager sync only.
    naive_breaks_graph = text.splitlines()[1].removeprefix("# breaks: ").strip() == "yes"
    # `# emulated-syncs: same (why)`: the CPU kernel reads on the host where CUDA's does not.
    fewer_syncs = "# emulated-syncs: same" not in text
    safe = fix_source(text, path.name, CODES, unsafe=False)
    fixed = safe if safe.changed else fix_source(text, path.name, CODES, unsafe=True)
    assert fixed.changed, "no fix applied"
    assert ("safe" if safe.changed else "unsafe") == expect
    naive = _load(tmp_path / path.name, text, f"naive_{path.stem}")
    rewritten = _load(tmp_path / path.name, fixed.text, f"fixed_{path.stem}")
    for args in naive.inputs():
        before, before_error = _call(naive.naive, args)
        after, after_error = _call(rewritten.naive, args)
        assert before_error is None and after_error is None
        assert compare(before, after) == []
        if fewer_syncs:
            assert _syncs(rewritten.naive, args) < _syncs(naive.naive, args)
        naive_breaks, compiled_before, _ = _breaks(naive, args)
        fixed_breaks, compiled_after, _ = _breaks(rewritten, args)
        assert compare(before, compiled_before) == []
        assert compare(before, compiled_after) == []
        assert (naive_breaks >= 1) == naive_breaks_graph
        assert fixed_breaks == 0, "the fix must remove the graph break"
    edges = naive.edge_inputs() if hasattr(naive, "edge_inputs") else []
    if expect == "unsafe":
        assert edges, "an unsafe fix shows its reason on an edge input"
    for args in edges:
        before, before_error = _call(naive.naive, args)
        after, after_error = _call(rewritten.naive, args)
        differs = before_error != after_error or (
            before_error is None and compare(before, after) != [])
        assert differs == (expect == "unsafe")
