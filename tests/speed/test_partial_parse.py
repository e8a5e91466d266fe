"""A check gives LibCST only the statements where a rule can fire (`kept_text.kept_source`):
the other module-level functions and classes become one-line stubs, every line where it
was. The findings and their fixes are those of the whole text (`test_prefilter.py`
compares both over every file of the repository)."""

from __future__ import annotations

import ast

import libcst as cst
import pytest

import synclint.engine as engine
from synclint.engine import lint_source, lint_text
from synclint.kept_text import kept_source
from synclint.rules import ALL_RULES

EVERY_CODE = frozenset(ALL_RULES)

SOURCE = '''import torch


@torch.no_grad()
def helper(x):
    """Nothing here can fire."""
    return x + 1


class Model(torch.nn.Module):
    limit = 3

    def reset(self):
        self.count = 0

    @property
    def size(self):
        return 4

    def step(self, losses):
        for loss in losses:
            print(loss.item())


def train(losses):
    for loss in losses:
        total = loss.item()
    return total
'''


def _parsed_texts(source: str, monkeypatch: pytest.MonkeyPatch, *,
                  findings_only: bool = True, codes: frozenset[str] = EVERY_CODE
                  ) -> tuple[list[str], list[object]]:
    texts: list[str] = []
    original = cst.parse_module

    def spy(text: str, *args: object, **kwargs: object) -> cst.Module:
        texts.append(text)
        return original(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.cst, "parse_module", spy)
    found = lint_source(source, "train.py", codes, findings_only=findings_only)
    return texts, list(found.diagnostics)


def _whole(source: str, monkeypatch: pytest.MonkeyPatch,
           codes: frozenset[str] = EVERY_CODE) -> list[object]:
    with monkeypatch.context() as patch:
        patch.setattr(engine, "_kept_source", lambda *args: None)
        return list(lint_text(source, "train.py", codes).diagnostics)


def test_a_check_parses_only_the_definitions_that_can_fire(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts, found = _parsed_texts(SOURCE, monkeypatch)
    assert len(texts) == 1
    kept = texts[0]
    assert kept.count("\n") == SOURCE.count("\n")
    assert "def helper():\n" in kept and "return x + 1" not in kept
    # A class with a candidate keeps its methods that give `self` an attribute (fixes
    # read every value the class assigns to one); the others become stubs.
    assert "self.count = 0" in kept and "return 4" not in kept
    assert "    def size():\n" in kept and "@property" not in kept
    assert "print(loss.item())" in kept and "total = loss.item()" in kept
    assert found == _whole(SOURCE, monkeypatch)
    assert [d.location.row for d in found] == [22, 27]  # type: ignore[attr-defined]


def test_a_fix_parses_the_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    texts, _ = _parsed_texts(SOURCE, monkeypatch, findings_only=False)
    assert texts == [SOURCE]


def test_each_stub_stands_where_its_definition_began() -> None:
    tree = ast.parse(SOURCE)
    kept = kept_source(SOURCE, tree, frozenset({3}), {})  # `train` only
    assert kept is not None
    lines, original = kept.split("\n"), SOURCE.split("\n")
    # The header where the decorator was, `pass` where the body began (its indentation).
    assert original[3:6] == ["@torch.no_grad()", "def helper(x):", '    """Nothing here can fire."""']
    assert lines[3:7] == ["def helper():", "", "    pass", ""]
    assert lines[9] == "class Model:" and original[9] == "class Model(torch.nn.Module):"
    assert lines[10] == "    pass" and set(lines[11:22]) == {""}
    assert lines[22:] == original[22:]
    ast.parse(kept)


def test_a_stub_keeps_the_indentation_of_the_body_it_stands_for() -> None:
    source = "import torch\n\n\ndef helper(x):\n  return x + 1\n\n\n" + \
        SOURCE.split("\n\n\n")[-1]
    kept = kept_source(source, ast.parse(source), frozenset({2}), {})
    assert kept is not None and kept.split("\n")[3:5] == ["def helper():", "  pass"]
    assert cst.parse_module(kept).default_indent == cst.parse_module(source).default_indent


def test_code_outside_functions_is_parsed_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    module_level = SOURCE + "\nfor loss in [torch.ones(1, device='cuda')]:\n    loss.item()\n"
    texts, found = _parsed_texts(module_level, monkeypatch)
    assert texts == [module_level]  # rules and fixes there read the whole module
    assert [d.location.row for d in found] == [22, 27, 31]  # type: ignore[attr-defined]



def test_a_definition_that_compiles_a_function_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    # The batched fix of `train` is refused where `train` is compiled: the definition
    # that compiles it must reach the fix, whatever name the compiler goes by. (With
    # SYN401 the compiled region keeps the whole text anyway.)
    codes = EVERY_CODE - {"SYN401"}
    for compiles in ("torch.compile(train)", "script(train)", "jit.script(train)",
                     "tc(train)", "torch.compile(\n        train)"):
        source = (SOURCE.replace("import torch\n", "import torch\nfrom torch import jit\n"
                                 "from torch.jit import script\n"
                                 "from torch import compile as tc\n")
                  + f"\n\ndef setup():\n    return {compiles}\n"
                  + "\n\ndef report(x):\n" + "    x = x + 1\n" * 30 + "    return x\n")
        texts, found = _parsed_texts(source, monkeypatch, codes=codes)
        assert compiles in texts[-1] and "def report():\n" in texts[-1]
        assert found == _whole(source, monkeypatch, codes)
        fixes = [d.fix for d in found if d.location.row > 25]  # type: ignore[attr-defined]
        assert fixes == [None]  # refused: `train` is compiled


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_other_line_breaks_keep_every_line_in_place(
        newline: str, monkeypatch: pytest.MonkeyPatch) -> None:
    source = SOURCE.replace("\n", newline)
    texts, found = _parsed_texts(source, monkeypatch)
    assert "return x + 1" not in texts[0]
    assert texts[0].count(newline) == source.count(newline)
    assert found == _whole(source, monkeypatch) and len(found) == 2


def test_a_definition_left_out_still_binds_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # `float` is the module's own function: `float(t)` is no host read. Left out of
    # LibCST's text without its stub, the rule would take it for the builtin.
    source = ("import torch\n\n\ndef float(x):\n    return x\n\n\n"
              "def train(ts, total):\n    for t in ts:\n        total += float(t)\n"
              "        t.item()\n    return total\n")
    texts, found = _parsed_texts(source, monkeypatch)
    assert "def float():\n" in texts[0] and "return x" not in texts[0]
    assert found == _whole(source, monkeypatch)
    assert [d.location.row for d in found] == [11]  # type: ignore[attr-defined]


def test_a_small_saving_parses_the_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    train = SOURCE.split("\n\n\n")[-1]
    source = "import torch\n" + "# a comment\n" * 20 + "\n\ndef f():\n    return 0\n\n\n" + train
    texts, found = _parsed_texts(source, monkeypatch)
    assert texts == [source]  # leaving `f` out would save under a tenth of the text
    assert len(found) == 1


METHODS = '''import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.ones(3))

    def grow(self):
        self.weight.unsqueeze_(0)

    def loop(self, xs):
        for self.last in xs:
            pass

    @torch.no_grad()
    def describe(self, x):
        """Nothing here can fire."""
        return x.shape

    def one_line(self, x): return x + 1

    def step(self, losses):
        for loss in losses:
            print(loss.item() * self.scale)
'''


def test_a_method_is_left_out_unless_it_can_fire_or_gives_self_an_attribute(
        monkeypatch: pytest.MonkeyPatch) -> None:
    source = METHODS + "\n\ndef report(x):\n" + "    x = x + 1\n" * 12 + "    return x\n"
    texts, found = _parsed_texts(source, monkeypatch)
    kept, original = texts[0].split("\n"), source.split("\n")
    assert len(kept) == len(original)
    for line in ('self.register_buffer("scale", torch.ones(3))', "self.weight.unsqueeze_(0)",
                 "for self.last in xs:", "print(loss.item() * self.scale)"):
        assert any(line in row for row in kept), line
    # Stubs at the method's own indentation, where the decorator began; `pass` where
    # the body began, or on the header's line for a one-line method.
    at = original.index("    @torch.no_grad()")
    assert kept[at:at + 3] == ["    def describe():", "", "        pass"]
    assert kept[original.index("    def one_line(self, x): return x + 1")] == \
        "    def one_line(): pass"
    assert "def report():" in texts[0]
    ast.parse(texts[0])
    assert found == _whole(source, monkeypatch) and len(found) == 2


def test_a_method_that_compiles_a_function_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    codes = EVERY_CODE - {"SYN401"}
    source = (SOURCE + "\n\nclass Runner:\n    def setup(self):\n"
              "        return torch.compile(train)\n\n    def step(self, losses):\n"
              "        for loss in losses:\n            print(loss.item())\n"
              + "\n\ndef report(x):\n" + "    x = x + 1\n" * 30 + "    return x\n")
    texts, found = _parsed_texts(source, monkeypatch, codes=codes)
    assert "return torch.compile(train)" in texts[-1] and "def report():" in texts[-1]
    assert found == _whole(source, monkeypatch, codes)
