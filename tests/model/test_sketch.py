"""The sketch's backward scans find exactly what its forward expressions define.

`synclint/model/sketch.py` scans reversed text because a pattern that begins with a
literal is about ten times faster in Python's engine; the forward forms below are the
definition, and every case compares the two."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synclint import knowledge
from synclint.model.sketch import Sketch, sketch

_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\(")
_HEAD = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.")
_SELF_ATTRIBUTE = re.compile(r"(?<![\w.])self\.(\w+)\s*\.")
_WRITE = re.compile(r"(?<![\w.])self\.\w+\s*(?:\[[^\]\n]*\]\s*)?(?:,[^=\n]*)?"
                    r"(?::[^=\n]*)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)|\.register_buffer\("
                    r"|self\.(?:" + "|".join(sorted(knowledge.STATE_NAMES)) + r")\(")
_CONSTRUCT = re.compile(r"(?<![\w.])self\.\w+\s*(?::[^=\n]*)?=\s*[A-Za-z_][\w.]*\s*\(")
_STORE = re.compile(r"(?<![\w.])self\.\w+\s*=\s*[A-Za-z_]\w*\s*$", re.MULTILINE)
_BUILD = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)\s*\(")
_CHAIN = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)\s*\([^()]*\)\s*\.\s*([A-Za-z_]\w*)")


def forward(text: str) -> Sketch:
    """The definition: each expression scanned forwards."""
    reads_self = "self." in text
    return Sketch(
        tuple(sorted({"".join(m.split()) for m in _CALL.findall(text)})),
        tuple(sorted(set(_HEAD.findall(text)))),
        tuple(sorted(set(_SELF_ATTRIBUTE.findall(text)))) if reads_self else (),
        reads_self,
        _WRITE.search(text) is not None,
        reads_self and _CONSTRUCT.search(text) is not None,
        reads_self and _STORE.search(text) is not None,
        tuple(sorted(set(_BUILD.findall(text)))),
        tuple(sorted(set(_CHAIN.findall(text)))))


CASES = [
    "def f(x):\n    return torch.cat(x).sum().item()\n",
    "a . b (c)\nx.\n  y(z)",
    "f().a.b(x)",  # a name after a dot is not called by name
    "1a.b(x) + ab1c.d(y)",
    "x.a . b(y)",
    "a(x). b(y).c",  # a forward scan takes a(x). b and never b(y).c
    "a(x).b(y).c(z).d",
    "g(y).f(x).1",
    "t = Tracker()\nr = Report(losses).forward()\nx = y = make(z)",
    "a == b(c); a <= b(c); a += b(c); x=a==b(c)",
    "self.x = Linear(3)\nself.y = y\nself.z.w += 1\nself.register_buffer('b', t)",
    "self.add_state('hits', default=t)",
    "myself.x = f(y)\nobj.self.z = g(w)",
    "self.a[0], self.b: int = 1, 2\nself.c: int = d",
    "self",
    "é.b(x); _x1.y(z)",
    "f (\n  a ) . \n m",
    "a.b.c",
    ".a(",
    "(a",
]


@pytest.mark.parametrize("text", CASES)
def test_backward_scans_find_what_the_forward_expressions_find(text: str) -> None:
    assert sketch(text) == forward(text)


def test_a_function_sketch_names_its_reads() -> None:
    drawn = sketch("def step(self, batch):\n"
                   "    out = self.model(batch)\n"
                   "    stats = Stats(out).summary()\n"
                   "    self.total += out.loss.item()\n")
    assert drawn.calls == ("Stats", "out.loss.item", "self.model", "step")  # its def too
    assert drawn.heads == ("out", "self")
    assert drawn.self_attributes == ()
    assert drawn.builds == (("out", "self.model"), ("stats", "Stats"))
    assert drawn.chains == (("Stats", "summary"),)
    assert drawn.reads_self and drawn.writes and not drawn.constructs


_PIECES = ["a", "b1", "_x", "1", "self", "é", ".", " ", "\n", "(", ")", "=", "==", "+=",
           ":", ",", "[", "]", "self.", "Tracker", "add_state", ".register_buffer("]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=24))
def test_backward_scans_agree_on_arbitrary_texts(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert sketch(text) == forward(text)
