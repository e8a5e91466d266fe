"""Dynamo's graph breaks: which pattern breaks a `torch.compile` graph, per torch version.

One row per pattern per torch version range. Each row says whether the pattern breaks
the graph with Dynamo's default flags and which flag, if any, keeps it in the graph.
The rows were measured, not recalled: tests/compile/labels.json holds what Dynamo did
on CPU for the labelled snippets of tests/compile/cases.py, and a test re-runs them on
every torch upgrade. A torch version older than every row is judged by the oldest row.

The analysis (synclint/analysis/graph_breaks.py) names the pattern of a finding; this
table answers whether it breaks. Rules never hold these facts.
"""

from __future__ import annotations

from dataclasses import dataclass

from synclint.torch_version import Version, installed_torch

#: `torch._dynamo.config.capture_scalar_outputs`: `.item()` and integer `.tolist()` become
#: symbolic values in the graph.
CAPTURE_SCALARS = "capture_scalar_outputs"
#: `torch._dynamo.config.capture_dynamic_output_shape_ops`: ops whose output size depends
#: on the data (`nonzero`, boolean masks, `unique` ...) stay in the graph.
CAPTURE_SHAPES = "capture_dynamic_output_shape_ops"
FLAGS = (CAPTURE_SCALARS, CAPTURE_SHAPES)



@dataclass(frozen=True)
class BreakFact:
    """Whether `pattern` breaks the graph from torch `since` on (until the next row)."""

    pattern: str
    since: Version
    #: Breaks with Dynamo's default flags.
    breaks: bool
    #: The flag that keeps it in the graph, when one does.
    avoided_by: str | None
    #: What the pattern is, in the rule pages' words.
    what: str


_213 = (2, 13)

BREAKS: tuple[BreakFact, ...] = (
    BreakFact("item-arithmetic", _213, True, CAPTURE_SCALARS,
              "`.item()`, `float(t)`, `int(t)`, `bool(t)` whose value is used in arithmetic, "
              "`math`, or as a tensor size or slice bound"),
    BreakFact("item-python-control", _213, True, None,
              "a value read with `.item()` that Python branches or loops on (`if v > 0`, "
              "`range(v)`) or turns into text (`str(v)`)"),
    BreakFact("tolist-int", _213, True, CAPTURE_SCALARS, "`.tolist()` of an integer tensor"),
    BreakFact("tolist-float", _213, True, None,
              "`.tolist()` of a float or bool tensor (or of unknown dtype)"),
    BreakFact("tensor-condition", _213, True, None,
              "a tensor as a Python bool: `if`, `while`, `and`/`or`/`not`, a conditional "
              "expression"),
    BreakFact("tensor-assert", _213, False, None,
              "`assert` of a tensor (Dynamo turns it into `torch._assert_async`)"),
    BreakFact("numpy", _213, False, None, "`.numpy()` (Dynamo traces it as a NumPy op)"),
    BreakFact("cpu", _213, False, None, "`.cpu()`, `.to('cpu')`: a copy in the graph"),
    BreakFact("fstring", _213, False, None, "a tensor formatted in an f-string"),
    BreakFact("dynamic-shape", _213, True, CAPTURE_SHAPES,
              "`nonzero`, `argwhere`, a boolean mask `t[mask]`, `masked_select`, `unique`, "
              "`bincount` (with or without `minlength`), `repeat_interleave` without "
              "`output_size=`, one-argument `torch.where`"),
    BreakFact("one-hot", _213, True, None, "`one_hot` without `num_classes=`"),
    BreakFact("data-dependent-shape-control", _213, True, None,
              "Python control flow on the size of a data-dependent result "
              "(`if idx.shape[0] > 0` after `idx = x.nonzero()`)"),
    BreakFact("print", _213, True, None, "`print(...)`"),
    BreakFact("unsupported-call", _213, True, None,
              "calls Dynamo cannot trace: `time.time()`, `warnings.warn`, `logging` calls, "
              "`globals()`"),
    BreakFact("disabled-call", _213, True, None,
              "a call of a function decorated with `torch.compiler.disable` or "
              "`torch._dynamo.disable`"),
)

#: Flags `fullgraph=True` turns on by itself (pytorch#163121), from a torch version on.
FULLGRAPH_FLAGS: tuple[tuple[Version, frozenset[str]], ...] = (
    (_213, frozenset({CAPTURE_SCALARS, CAPTURE_SHAPES})),
)

#: The patterns known to the table.
PATTERNS = frozenset(fact.pattern for fact in BREAKS)


@dataclass(frozen=True)
class Verdict:
    """Whether a pattern breaks the graph under given flags, and which flag would help."""

    breaks: bool
    #: The flag that would keep it in the graph (None when it does not break, or when no
    #: flag helps).
    avoided_by: str | None


def _row(pattern: str, version: Version | None) -> BreakFact | None:
    rows = sorted((f for f in BREAKS if f.pattern == pattern), key=lambda f: f.since)
    if not rows:
        return None
    if version is None:
        return rows[-1]  # no torch here: the newest row
    chosen = rows[0]
    for row in rows:
        if row.since <= version:
            chosen = row
    return chosen


def fullgraph_flags(version: Version | None) -> frozenset[str]:
    """The flags `fullgraph=True` turns on under torch `version`."""
    found: frozenset[str] = frozenset()
    for since, flags in FULLGRAPH_FLAGS:
        if version is None or since <= version:
            found = flags
    return found


def verdict(pattern: str, flags: frozenset[str], *, fullgraph: bool = False,
            version: Version | None = None) -> Verdict | None:
    """Whether `pattern` breaks the graph with `flags` set (and `fullgraph`), under torch
    `version` (default: the installed one); None for a pattern the table does not know."""
    version = version if version is not None else installed_torch()
    row = _row(pattern, version)
    if row is None:
        return None
    active = flags | fullgraph_flags(version) if fullgraph else flags
    if not row.breaks:
        return Verdict(False, None)
    if row.avoided_by is not None and row.avoided_by in active:
        return Verdict(False, None)
    return Verdict(True, row.avoided_by)


def describe(pattern: str) -> str:
    """The pattern's description (the newest row's)."""
    row = _row(pattern, None)
    return row.what if row is not None else pattern
