"""The facts of a file by source span: every scope of the file (module statements, class
bodies, functions, closures) answers, columns are characters (not UTF-8 bytes), and the
parentheses of a tuple or of a lone generator argument do not change the span."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR, UNKNOWN, Seq, Tup
from synclint.model.facts import file_facts
from synclint.model.project import build_project
from tests.model.probe import line_of, probes, syncs


def test_every_scope_answers() -> None:
    source = ("import torch\nTABLE = torch.arange(4)\nseen(TABLE)\n\n\n"
              "class Model(torch.nn.Module):\n    scale = torch.ones(2).cuda()\n    seen(scale)\n\n"
              "    def forward(self, x):\n        y = torch.zeros(2)\n\n"
              "        def inner():\n            seen(y)\n            return y.cuda()\n\n"
              "        seen(inner())\n        return x\n")
    assert probes(source) == [HOST_TENSOR, TENSOR, HOST_TENSOR, TENSOR]


def test_a_method_of_a_class_defined_in_a_function_sees_the_function_names() -> None:
    # A class body is no scope of its methods: `get` reads the enclosing function's
    # names (host and device), as a nested function does; a module-level class's method
    # of the same text reads an unknown global.
    source = ("import torch\n\n\ndef to_text(t: torch.Tensor):\n"
              "    host = t.cpu()\n    dev = t.cuda()\n\n"
              "    class Model:\n        def get(self):\n"
              "            seen(host); seen(dev)\n\n"
              "    return Model().get()\n\n\n"
              "class Outer:\n    def get(self):\n        seen(host)\n")
    assert probes(source) == [HOST_TENSOR, TENSOR, UNKNOWN]


def test_a_nested_class_method_sees_its_enclosing_function_in_the_model() -> None:
    # The model's summary of the method (not only the file's facts) reads the closure:
    # `.item()` per row of the enclosing function's GPU tensor is a sync, of its
    # CPU copy none.
    source = ("import torch\n\n\ndef report(t: torch.Tensor):\n"
              "    dev = t.cuda()\n    host = t.cpu()\n\n"
              "    class Writer:\n"
              "        def on_device(self):\n            return [r.item() for r in dev]\n\n"
              "        def on_host(self):\n            return [r.item() for r in host]\n\n"
              "    return Writer()\n")
    project = build_project({"m.py": source}, {"m.py": "m"})
    assert project.summaries["m:report.Writer.on_device"].syncs
    assert not project.summaries["m:report.Writer.on_host"].syncs


def test_columns_are_characters_after_non_ascii_text() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n"
              "    label = 'é∂'; seen(t.cpu()); seen(t)\n")
    assert probes(source) == [HOST_TENSOR, TENSOR]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_columns_after_non_ascii_text_whatever_ends_the_lines(end: str) -> None:
    # `ast` ends a line at a lone "\r" too: the third line must not be read as the first's.
    lines = ["import torch", "", "def f(xs):", "    for x in xs:", "        y = x.cuda()",
             "        s = 'éé'; print(float(y))", "        s = 'ee'; print(float(y))", ""]
    source = end.join(lines)
    assert syncs(source) == [f"SYN101:{line_of(source, n)}" for n in ("'éé'", "'ee'")]


def test_a_parenthesised_tuple_and_a_lone_generator_argument() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n"
              "    seen((t, t.cpu()))\n    seen(x.cpu() for x in [t])\n")
    assert probes(source) == [Tup((TENSOR, HOST_TENSOR)), Seq(HOST_TENSOR)]


def test_the_kind_of_a_span_no_expression_has_is_none() -> None:
    source = "import torch\n\n\ndef f(t: torch.Tensor):\n    return t\n"
    project = build_project({"m.py": source}, {"m.py": "m"})
    view = project.view("m.py")
    assert view is not None
    facts = file_facts(source, "m.py", view)
    assert facts is not None
    assert facts.kind((5, 11, 5, 12)) == TENSOR  # `t` in `return t`
    assert facts.kind((5, 4, 5, 5)) is None  # inside the keyword `return`
    assert facts.kind((99, 0, 99, 1)) is None
    assert file_facts("def (:\n", "m.py", view) is None


def test_evaluate_all_records_every_function() -> None:
    source = ("import torch\n\n\ndef f(n):\n    return torch.zeros(n)\n\n\n"
              "def g(n):\n    return torch.ones(n).cuda()\n")
    project = build_project({"m.py": source}, {"m.py": "m"})
    view = project.view("m.py")
    assert view is not None
    facts = file_facts(source, "m.py", view)
    assert facts is not None
    facts.evaluate_all()
    assert facts.kinds[(5, 11, 5, 25)] is HOST_TENSOR
    assert facts.kinds[(9, 11, 9, 31)] is TENSOR


def test_spans_in_characters_and_without_parentheses() -> None:
    """The spans rules ask with (LibCST's: characters, no parentheses), written out."""
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n"
              "    label = 'é∂'; x = t.cpu()\n"
              "    seen(\n(t, x))\n")
    project = build_project({"m.py": source}, {"m.py": "m"})
    view = project.view("m.py")
    assert view is not None
    facts = file_facts(source, "m.py", view)
    assert facts is not None
    assert facts.kind((5, 18, 5, 19)) is HOST_TENSOR  # `x`: column 18 in characters
    assert facts.kind((5, 22, 5, 23)) is TENSOR  # `t` of `t.cpu()`
    assert facts.kind((7, 1, 7, 5)) == Tup((TENSOR, HOST_TENSOR))  # `t, x` without `(`


def test_the_scopes_around_a_line_innermost_first() -> None:
    # Module code, a class body, a method, a closure in it, a second method; lines of a
    # header (decorators, defaults) are the enclosing scope's code.
    source = ("import torch\n"                       # 1
              "\n"
              "class Model(torch.nn.Module):\n"      # 3
              "    scale = 2\n"                      # 4
              "\n"
              "    @staticmethod\n"                  # 6
              "    def forward(x, n=torch.ones(1)):\n"  # 7
              "        y = x * 2\n"                  # 8
              "        def inner(z):\n"              # 9
              "            return z + y\n"           # 10
              "        return inner(y)\n"            # 11
              "\n"
              "    def other(self):\n"               # 13
              "        return 1\n"                   # 14
              "\n"
              "TABLE = 3\n")                         # 16
    project = build_project({"m.py": source}, {"m.py": "m"})
    view = project.view("m.py")
    assert view is not None
    facts = file_facts(source, "m.py", view)
    assert facts is not None

    def names(line: int) -> list[str]:
        return [scope.function.key.partition(":")[2] for scope in facts._around(line)]

    assert names(1) == ["<module>"]
    assert names(4) == ["<class Model>", "<module>"]
    assert names(7) == ["<class Model>", "<module>"]  # the header of `forward`
    assert names(8) == ["Model.forward", "<class Model>", "<module>"]
    assert names(10) == ["Model.forward.inner", "Model.forward", "<class Model>", "<module>"]
    assert names(14) == ["Model.other", "<class Model>", "<module>"]
    assert names(16) == ["<module>"]
    assert names(0) == [] and names(99) == []
    # Every line, as the plain definition (each scope holding the line, smallest first).
    for line in range(0, 20):
        naive = [s for s in facts._scopes if s.first <= line <= s.last]
        naive.sort(key=lambda s: (s.last - s.first, -s.first))
        assert facts._around(line) == naive, line
