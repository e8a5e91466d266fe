"""The LibCST half of `library.py`: the syntax the library questions need (a literal key,
a receiver's name, a `device=` argument, `return_tensors=`), read off LibCST nodes. Kept
apart so that the `ast` index never imports LibCST."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from synclint import knowledge
from synclint.analysis.kinds import Kind
from synclint.analysis.library import Key


def cst_name(node: cst.BaseExpression) -> str | None:
    """The name a receiver ends in (`accelerator` of `self.accelerator`), or None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return None


def cst_call_key(node: cst.Call) -> Key:
    """The literal first argument of a call (`td.get("is_init")`)."""
    if node.args and node.args[0].keyword is None:
        return _cst_literal(node.args[0].value)
    return None


def cst_key(node: cst.Subscript) -> tuple[Key, cst.BaseExpression | None]:
    """A subscript's literal key and its expression (None for a slice or several)."""
    if len(node.slice) > 1:
        # `td["next", "done"]`: LibCST keeps the tuple's parts as separate elements.
        parts = [_cst_literal(e.slice.value) if isinstance(e.slice, cst.Index) else None
                 for e in node.slice]
        if all(isinstance(p, str) for p in parts):
            return tuple(p for p in parts if isinstance(p, str)), None
        return None, None
    if not isinstance(node.slice[0].slice, cst.Index):
        return None, None
    value = node.slice[0].slice.value
    return _cst_literal(value), value


def _cst_literal(value: cst.BaseExpression) -> Key:
    if isinstance(value, cst.SimpleString):
        text = value.evaluated_value
        return text if isinstance(text, str) else None
    if isinstance(value, cst.Integer):
        return int(value.value, 0)
    if isinstance(value, cst.Tuple):
        parts = [_cst_literal(e.value) for e in value.elements]
        if parts and all(isinstance(p, str) for p in parts):
            return tuple(p for p in parts if isinstance(p, str))
    return None


def cst_device(node: cst.Call, is_cpu: Callable[[cst.BaseExpression], bool]) -> str | None:
    """"cpu", "other" or None: the `device=` argument of a call."""
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == "device":
            return "cpu" if is_cpu(arg.value) else "other"
    return None


def cst_return_tensors(node: cst.Call,
                       qualify: Callable[[cst.BaseExpression], str | None]) -> Kind | None:
    """`tokenizer(text, return_tensors="pt")`, `processor(..., return_tensors=TensorType.
    PYTORCH)`: the Hugging Face convention for a mapping of freshly made CPU tensors."""
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == "return_tensors":
            value = arg.value
            if isinstance(value, cst.SimpleString):
                text = value.evaluated_value
                return knowledge.returned_tensors(text) if isinstance(text, str) else None
            qualified = qualify(value)
            return knowledge.returned_tensors(qualified) if qualified is not None else None
    return None
