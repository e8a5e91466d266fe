"""Optimiser hyperparameters read from `param_groups`: settings of the run, not a step's
data (issue 22, fresh10 M1).

`torch.optim.Optimizer` keeps each group's hyperparameters (`lr`, `betas`, `d`) in the
dicts of `self.param_groups`, filled from the `defaults` given to `Optimizer.__init__`.
D-Adapt's `d, lr = group["d"], group["lr"]` then `if lr > 0.0: d_hat = (...).item()` tests
the learning rate, the same on every step of a run (1.0 by default), so the read under it
runs on every optimiser step, as a read under `if self.lr > 0.0:` would (`settings.py`).

A group is a name bound from `X.param_groups[...]` or by `for g in X.param_groups:`; an
entry is a local whose every binding in the function is an item of a group under a
constant key (`group["lr"]`, `group.get("lr", 0.0)`, or one element of a tuple unpacked
from such items). A key that names a counter or a switch (`group["step"]`, `"verbose"`:
`settings.judged_elsewhere`) is not a setting: `group["step"]` counts steps. A local also
bound otherwise (`lr = lr * warmup`) is the step's value, not the setting's.

Pure `ast` logic: the evaluation (`evaluation.py`) asks it once per function.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

#: The attribute of an optimiser that holds its groups.
_GROUPS = "param_groups"


def param_group_names(function: ast.AST, judged: Callable[[str], bool]
                      ) -> tuple[frozenset[str], frozenset[str]]:
    """The names of `function` bound to a param group, and the locals that hold one of
    its hyperparameters (every binding an item of a group under a key `judged` does not
    take for a counter or a switch)."""
    groups = set(_groups(function))
    if not groups:
        return frozenset(), frozenset()
    entries: set[str] = set()
    other: set[str] = set()
    for target, value in _bindings(function):
        if isinstance(target, ast.Name):
            key = _entry_key(value, groups) if value is not None else None
            (entries if key is not None and not judged(key) else other).add(target.id)
    return frozenset(groups), frozenset(entries - other - groups)


def entry_key(node: ast.expr, groups: frozenset[str]) -> str | None:
    """The key of `group["lr"]` (or `group.get("lr", ...)`) of a group name, else None."""
    return _entry_key(node, groups)


def _groups(function: ast.AST) -> Iterator[str]:
    for node in ast.walk(function):
        if isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Name) \
                and _is_groups(node.iter):
            yield node.target.id
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and \
                isinstance(node.value, ast.Subscript) and _is_groups(node.value.value):
            yield node.targets[0].id


def _is_groups(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == _GROUPS


def _entry_key(node: ast.expr, groups: set[str] | frozenset[str]) -> str | None:
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
            node.value.id in groups and isinstance(node.slice, ast.Constant) and \
            isinstance(node.slice.value, str):
        return node.slice.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr == "get" and isinstance(node.func.value, ast.Name) and \
            node.func.value.id in groups and node.args and \
            isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        return node.args[0].value
    return None


def _bindings(function: ast.AST) -> Iterator[tuple[ast.expr, ast.expr | None]]:
    """Each name target of the function with the value bound to it (None: not known, as
    for a loop target, an augmented assignment or `with ... as`)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                yield from _pairs(target, node.value)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            yield from _pairs(node.target, node.value)
        elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            yield from _pairs(node.target, None)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            yield from _pairs(node.optional_vars, None)
        elif isinstance(node, ast.comprehension):
            yield from _pairs(node.target, None)
        elif isinstance(node, ast.arg):
            yield ast.Name(id=node.arg), None


def _pairs(target: ast.expr, value: ast.expr | None) -> Iterator[tuple[ast.expr, ast.expr | None]]:
    if isinstance(target, (ast.Tuple, ast.List)):
        values = value.elts if isinstance(value, (ast.Tuple, ast.List)) and \
            len(value.elts) == len(target.elts) else [None] * len(target.elts)
        for element, item in zip(target.elts, values):
            yield from _pairs(element.value if isinstance(element, ast.Starred) else element,
                              None if isinstance(element, ast.Starred) else item)
    elif isinstance(target, ast.Name):
        yield target, value
