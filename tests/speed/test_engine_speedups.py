"""The engine's shortcuts give exactly what the slow, obvious computations give."""

from __future__ import annotations

import random
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

import synclint.engine as engine
from synclint.engine import MAX_BRACKET_DEPTH, run_with_big_stack, target_positions

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "synclint").rglob("*.py"))[:25] + sorted((ROOT / "examples").glob("*.py"))
TRICKY = '''"""Doc."""
from __future__ import annotations
import torch  # comment
@decorator(
    arg,  # x
)
async def f(a, /, b: int = (1), *, c=[2,
        3]) -> "x":
    x = (  # comment
        a.item()
    ); y = b \\
        + c
    if (x):
        pass
    elif y: return [i for i in range(3) if i]
    else:
        with open("f") as h, (yield):
            z = f"{x!r:>{y}}" "tail" \'\'\'multi
line\'\'\'
    try:
        pass
    except* ValueError as e:
        del e
    finally:
        lambda q, *r, **s: q
    match x:
        case [1, *rest] if rest:
            pass
        case {"k": v, **kw}:
            pass
    return ((x))
class C(B, metaclass=M):
    a: int
    def g(self): return self.a\r
'''


def _all_nodes(module: cst.Module) -> list[cst.CSTNode]:
    nodes: list[cst.CSTNode] = []

    class Collect(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            nodes.append(node)
            return True

    module.visit(Collect())
    return nodes


def _sources() -> list[tuple[str, str]]:
    return [("tricky", TRICKY.replace("\r", ""))] + [
        (path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")) for path in SOURCES
    ]


@pytest.mark.parametrize(("name", "source"), _sources(), ids=[n for n, _ in _sources()])
def test_target_positions_equal_position_provider(name: str, source: str) -> None:
    module = run_with_big_stack(lambda: cst.parse_module(source))
    full = run_with_big_stack(
        lambda: MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider))
    nodes = _all_nodes(module)
    every = run_with_big_stack(lambda: target_positions(module, nodes))
    assert {n: every[n] for n in nodes} == {n: full[n] for n in nodes}
    chooser = random.Random(name)
    for size in (1, 1, 2, 5, 40):
        sample = chooser.sample(nodes, min(size, len(nodes)))
        some = run_with_big_stack(lambda: target_positions(module, sample))
        assert {n: some._computed[n] for n in sample} == {n: full[n] for n in sample}


def test_unwanted_node_falls_back_to_a_full_resolution() -> None:
    module = cst.parse_module("a = 1\nb = 2\n")
    positions = target_positions(module, [module.body[0]])
    second = module.body[1]
    assert positions[second].start.line == 2


def _deep(depth: int, opener: str = "(", closer: str = ")") -> str:
    return "x = " + opener * depth + "1" + closer * depth + "\n"


@pytest.mark.parametrize("source", [
    _deep(MAX_BRACKET_DEPTH),
    _deep(MAX_BRACKET_DEPTH + 1),
    _deep(MAX_BRACKET_DEPTH + 1, "[", "]"),
    "s = '" + "(" * 300 + "'\n" + _deep(150),
    '"""' + "{" * 300 + '\n"""\n' + _deep(201),
    "# " + "(" * 300 + "\n" + _deep(10),
    "s = 'it\\'s ((('\n" + _deep(201),
    "x = f(" * 120 + ")" * 120 + "\ny = [" * 120 + "]" * 120 + "\n",
    "x = ((" * 60 + "a" + "))" * 60 + ")" * 300 + "\n" + "(" * 201,
])
def test_fast_depth_check_never_hides_a_deep_file(source: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    fast = engine._bracket_depth_error(source)
    monkeypatch.setattr(engine, "_max_depth_outside_strings", lambda text: 10**9)
    exact = engine._bracket_depth_error(source)
    assert fast == exact


def test_fast_depth_check_agrees_on_repository_files(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "synclint").rglob("*.py"))]
    fast = [engine._bracket_depth_error(t) for t in texts]
    monkeypatch.setattr(engine, "_max_depth_outside_strings", lambda text: 10**9)
    assert fast == [engine._bracket_depth_error(t) for t in texts]
