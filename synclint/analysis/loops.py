"""Loop-related questions rules share: is this call's generator consumed per element?"""

from __future__ import annotations

import libcst as cst

from synclint.model.syntax import ELEMENT_CALLS

#: Builtins that evaluate each element of a generator or list argument on the host.
BOOL_CONSUMERS = frozenset({"any", "all"})
#: Builtins that iterate their argument once per element.
ITERATING_BUILTINS = frozenset({"any", "all", "sum", "max", "min", "sorted", "list", "tuple"})


def loop_word(node: cst.CSTNode) -> str:
    """How a message names the loop `node`: "loop", "comprehension" or "generator"."""
    if isinstance(node, (cst.For, cst.While)):
        return "loop"
    if isinstance(node, cst.GeneratorExp):
        return "generator"
    return "comprehension"


def run_per_element(node: cst.Lambda, parents: list[cst.CSTNode]) -> bool:
    """Whether the lambda `node` (the last of `parents`) is called here, once per element:
    `map(lambda t: t.item(), ts)`, `sorted(xs, key=lambda t: ...)`, as the model reads it
    (`model/calls.py`). Any other lambda runs when something calls it."""
    if len(parents) < 3 or not isinstance(parents[-2], cst.Arg):
        return False
    arg, call = parents[-2], parents[-3]
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name) or \
            call.func.value not in ELEMENT_CALLS or arg.value is not node:
        return False
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args):
        return False
    if call.func.value in ("map", "filter"):
        return arg is positional[0] and len(positional) >= 2 and (
            call.func.value == "map" or len(positional) == 2)
    return arg.keyword is not None and arg.keyword.value == "key" and bool(positional) and (
        len(positional) == 1 or call.func.value != "sorted")
