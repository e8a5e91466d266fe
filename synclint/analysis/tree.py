"""Walking LibCST trees cheaply: the fields of a node that hold code, its children in
field order, and every node below one (no scopes, no rules)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import libcst as cst

#: Fields that never hold code a rule could care about.
_SKIPPED_FIELDS = frozenset(
    {
        "whitespace", "whitespace_before", "whitespace_after", "leading_lines",
        "lines_after_decorators", "lpar", "rpar", "comma", "semicolon", "header", "footer",
        "trailing_whitespace", "equal", "colon", "star", "dot", "operator", "newline",
        "whitespace_before_colon", "whitespace_after_colon", "whitespace_before_params",
        "whitespace_after_def", "whitespace_after_for", "whitespace_before_in",
        "whitespace_after_in", "whitespace_after_if", "whitespace_after_while",
        "whitespace_after_lambda", "whitespace_after_arg", "whitespace_after_star",
        "whitespace_after_cls", "whitespace_after_assert", "whitespace_after_return",
        "whitespace_after_import", "whitespace_after_from", "whitespace_before_import",
        "whitespace_after_with", "whitespace_before_as", "whitespace_after_as",
        "whitespace_before_expression", "whitespace_after_expression", "whitespace_after_del",
        "whitespace_after_name", "whitespace_after_class", "whitespace_after_raise",
        "whitespace_after_async", "whitespace_after_await", "whitespace_after_at",
        "whitespace_before_walrus", "whitespace_after_walrus", "whitespace_after_global",
        "whitespace_after_nonlocal", "whitespace_after_type", "whitespace_after_case",
        "whitespace_after_match", "whitespace_before_assert", "whitespace_after_except",
        "whitespace_after_yield", "whitespace_after_print", "whitespace_after_elif",
        "whitespace_before_from", "whitespace_after_else", "whitespace_after_try",
        "whitespace_after_finally", "asynchronous", "attr", "keyword", "asname", "decorators",
        "default_comma", "body_whitespace", "tokens", "parens", "between",
        "whitespace_after_param", "star_arg", "indent", "encoding", "default_indent",
        "default_newline", "has_trailing_newline", "value_whitespace", "star_tok",
    }
)
_FIELD_CACHE: dict[type, tuple[str, ...]] = {}


def child_fields(cls: type) -> tuple[str, ...]:
    fields = _FIELD_CACHE.get(cls)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        _FIELD_CACHE[cls] = fields
    return fields


#: What a field value's type is to the traversal: a node, a sequence of them, or
#: neither. `isinstance(value, cst.CSTNode)` goes through the ABC machinery on every call
#: (a third of the walk's own time); a dict lookup per type does not.
_NODE, _SEQUENCE, _OTHER = 1, 2, 0
_VALUE_KINDS: dict[type, int] = {}


def _value_kind(cls: type) -> int:
    kind = _VALUE_KINDS.get(cls)
    if kind is None:
        kind = (_NODE if issubclass(cls, cst.CSTNode)
                else _SEQUENCE if issubclass(cls, (tuple, list)) else _OTHER)
        _VALUE_KINDS[cls] = kind
    return kind


def iter_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The code-bearing children of a node, in field order."""
    children: list[cst.CSTNode] = []
    kinds = _VALUE_KINDS
    for name in child_fields(type(node)):
        value = getattr(node, name)
        kind = kinds.get(type(value), -1)
        if kind < 0:
            kind = _value_kind(type(value))
        if kind == _NODE:
            children.append(value)
        elif kind == _SEQUENCE:
            for item in value:
                item_kind = kinds.get(type(item), -1)
                if item_kind < 0:
                    item_kind = _value_kind(type(item))
                if item_kind == _NODE:
                    children.append(item)
    return children


#: The nodes that can hold statements: an assignment is never inside an expression.
_STATEMENT_HOLDERS = (
    cst.Module, cst.IndentedBlock, cst.SimpleStatementSuite, cst.SimpleStatementLine,
    cst.If, cst.Else, cst.For, cst.While, cst.Try, cst.TryStar, cst.ExceptHandler,
    cst.ExceptStarHandler, cst.Finally, cst.With, cst.FunctionDef, cst.ClassDef, cst.Match,
    cst.MatchCase,
)


def _assignments(node: cst.CSTNode) -> Iterable[cst.Assign]:
    """The `Assign` statements below `node` in `walk` order (nested functions and classes
    included), without descending into expressions, where none can be."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Assign):
            yield current
        elif isinstance(current, _STATEMENT_HOLDERS):
            stack.extend(reversed(iter_children(current)))


def walk(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Every code-bearing node below `node`, depth first (no scopes, no rules)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(iter_children(current)))
