"""Loop-related questions rules share: is this call's generator consumed per element?"""

from __future__ import annotations

import libcst as cst

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
