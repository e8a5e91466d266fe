"""What a function's text says its evaluation may read: the sketch the schedule orders
evaluations by (`schedule.py`), found by regular expressions over the function's source,
far cheaper than a walk of its syntax tree.

Each expression is defined by its forward form (`tests/model/test_sketch.py` keeps those
and checks that the scans here find exactly what they find). A pattern that begins with
a name (`name(`, `name.`) makes Python's regular expression engine try every position
of the text; scanned backwards, the same pattern begins with a literal (`(`, `.`) that
the engine jumps between: about ten times faster (7.7 of the torch package's 35 CPU
seconds of indexing were these scans)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from synclint import knowledge


@dataclass(frozen=True)
class Sketch:
    """What a function's text says its evaluation may read: the dotted names it calls
    and reads attributes of, whether it reads or assigns `self.<name>`, and whether it
    constructs (`self.x = Name(...)`) or stores (`self.x = name`) attributes. A superset
    is harmless; a read it misses is solved again (`Project.unforeseen`)."""

    calls: tuple[str, ...] = ()
    heads: tuple[str, ...] = ()
    self_attributes: tuple[str, ...] = ()
    reads_self: bool = False
    writes: bool = False
    constructs: bool = False
    stores: bool = False
    #: Names assigned a call's result (`t = Tracker()`: name, called) and methods called
    #: on a call's result (`Report(losses).forward()`: called, method): instances of
    #: project classes, once linked (`schedule._built_reads`).
    builds: tuple[tuple[str, str], ...] = ()
    chains: tuple[tuple[str, str], ...] = ()
    #: Names an `isinstance(name, Class)` test narrows (name, class): instances of a
    #: project class where it holds (`narrowing.py`), read as `builds` are.
    narrowed: tuple[tuple[str, str], ...] = ()


# Scanned over the reversed text; the forward forms are in the comments. A name
# `[A-Za-z_]\w*` not preceded by `[\w.]` reads, reversed, `\w*[A-Za-z_]` not followed by
# `[\w.]`.
#: `(?<![\w.])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\(`: the dotted name called.
_CALL = re.compile(r"\(\s*(\w*[A-Za-z_](?:\s*\.\s*\w*[A-Za-z_])*)(?![\w.])")
#: `(?<![\w.])([A-Za-z_]\w*)\s*\.`: the first name of a dotted one.
_HEAD = re.compile(r"\.\s*(\w*[A-Za-z_])(?![\w.])")
#: `(?<![\w.])([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)\s*\(`: name = called(...).
_BUILD = re.compile(r"\(\s*([\w.]*[A-Za-z_])\s*=\s*(\w*[A-Za-z_])(?![\w.])")
#: `(?<![\w.])([A-Za-z_][\w.]*)\s*\([^()]*\)\s*\.\s*([A-Za-z_]\w*)`: called(...).method,
#: up to the method's dot (the method is read forwards from there: `_METHOD`).
_CHAIN = re.compile(r"\.\s*\)[^()]*\(\s*([\w.]*[A-Za-z_])(?![\w.])")
_METHOD = re.compile(r"\s*([A-Za-z_]\w*)")

# Forward, each beginning with the literal `self` and checking what precedes it after it.
_SELF = r"self(?<![\w.]self)"
_SELF_ATTRIBUTE = re.compile(_SELF + r"\.(\w+)\s*\.")
_WRITE = re.compile(_SELF + r"\.\w+\s*(?:\[[^\]\n]*\]\s*)?(?:,[^=\n]*)?"
                    r"(?::[^=\n]*)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)")
#: `self.add_state("hits", ...)` of a torchmetrics Metric.
_STATE = re.compile(r"self\.(?:" + "|".join(sorted(knowledge.STATE_NAMES)) + r")\(")
_CONSTRUCT = re.compile(_SELF + r"\.\w+\s*(?::[^=\n]*)?=\s*[A-Za-z_][\w.]*\s*\(")
_STORE = re.compile(_SELF + r"\.\w+\s*=\s*[A-Za-z_]\w*\s*$", re.MULTILINE)
#: `isinstance(name, Dotted)`, forwards: it begins with a literal.
_ISINSTANCE = re.compile(r"(?<![\w.])isinstance\(\s*([A-Za-z_]\w*)\s*,\s*"
                         r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\)")


def sketch(text: str) -> Sketch:
    """The sketch of one function's source text."""
    backwards = text[::-1]
    calls = {"".join(m[::-1].split()) for m in _CALL.findall(backwards)}
    heads = tuple(sorted({m[::-1] for m in _HEAD.findall(backwards)}))
    # Instances a function builds (`t = Tracker()`, `Report(x).forward()`).
    builds = tuple(sorted({(name[::-1], called[::-1])
                           for called, name in _BUILD.findall(backwards)}))
    chains = _chains(text, backwards)
    narrowed = tuple(sorted(set(_ISINSTANCE.findall(text)))) if "isinstance(" in text else ()
    registers = ".register_buffer(" in text
    if "self." not in text:  # the `self` expressions cannot match: skip their scans
        return Sketch(tuple(sorted(calls)), heads, (), False, registers, False, False,
                      builds, chains, narrowed)
    return Sketch(tuple(sorted(calls)), heads,
                  tuple(sorted(set(_SELF_ATTRIBUTE.findall(text)))), True,
                  registers or _WRITE.search(text) is not None
                  or _STATE.search(text) is not None,
                  _CONSTRUCT.search(text) is not None, _STORE.search(text) is not None,
                  builds, chains, narrowed)


def _chains(text: str, backwards: str) -> tuple[tuple[str, str], ...]:
    """What the forward `_CHAIN` finds: every candidate (one per dot after a call), then,
    as a forward scan would, each one starting after the end of the one taken before."""
    size = len(text)
    found: list[tuple[int, int, str, str]] = []
    for match in _CHAIN.finditer(backwards):
        dot = size - 1 - match.start()
        method = _METHOD.match(text, dot + 1)
        if method is not None:
            found.append((size - match.end(), method.end(), match.group(1)[::-1],
                          method.group(1)))
    taken: set[tuple[str, str]] = set()
    end = 0
    for start, stop, called, name in sorted(found):
        if start >= end:
            taken.add((called, name))
            end = stop
    return tuple(sorted(taken))
