"""Latches: an `if` whose body makes its own test false, so that it runs once (per object,
or per key of a state it fills), not on every step (fresh18 L5: fairseq's Adafactor).

- `if not self._checked: ...; self._checked = True`, `if self.stats is None: self.stats =
  ...`, `if not hasattr(self, "scale"): self.scale = ...`: the body sets the attribute
  the test finds unset;
- an optimiser's `state = self.state[p]` then `if len(state) == 0:` / `if not state:`
  with a body that fills `state[...]`, and `if "exp_avg" not in state: state["exp_avg"] =
  ...`: the parameter's state is made on its first step.

The cold-code reader (`cold.py`) keeps such a body silent as code that runs on a bounded
number of steps. A body that empties the state again (`state.clear()`, `del state[k]`)
or sets another attribute than the one tested is no latch: it may run on every step."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.names import dotted_name
from synclint.analysis.tree import walk


def latch(node: cst.If) -> bool:
    """Whether `node`'s body runs once per object or per state key (see the module)."""
    unset = _unset_attribute(node.test)
    if unset is not None:
        return unset in _assigned_attributes(node.body)
    state = _empty_state(node.test)
    if state is not None:
        name, key = state
        filled = _filled_keys(node.body, name)
        return filled is not None and (key in filled if key is not None else bool(filled))
    return False


def _unset_attribute(test: cst.BaseExpression) -> str | None:
    """`self.x` (dotted) of `not self.x`, `self.x is None`, `self.x is False`, `not
    hasattr(self, "x")`; else None."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = test.expression
        if isinstance(inner, cst.Attribute) and _of_self(inner):
            return dotted_name(inner)
        if isinstance(inner, cst.Call) and isinstance(inner.func, cst.Name) and \
                inner.func.value == "hasattr" and len(inner.args) == 2 and \
                isinstance(inner.args[0].value, cst.Name) and \
                inner.args[0].value.value == "self" and \
                isinstance(inner.args[1].value, cst.SimpleString):
            return "self." + inner.args[1].value.evaluated_value  # type: ignore[operator]
        return None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.comparisons[0].operator, cst.Is) and \
            isinstance(test.left, cst.Attribute) and _of_self(test.left):
        right = test.comparisons[0].comparator
        if isinstance(right, cst.Name) and right.value in ("None", "False"):
            return dotted_name(test.left)
    return None


def _of_self(node: cst.Attribute) -> bool:
    dotted = dotted_name(node)
    return dotted is not None and dotted.startswith("self.")


def _assigned_attributes(body: cst.BaseSuite) -> set[str]:
    """The `self...` attributes the body assigns a value to that makes them set: not
    `None` or `False`, outside nested functions and classes."""
    found: set[str] = set()
    for node in _own_nodes(body):
        if isinstance(node, (cst.Assign, cst.AnnAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                else [node.target]
            value = node.value
            if value is None or (isinstance(value, cst.Name) and value.value in ("None", "False")):
                continue
            for target in targets:
                dotted = dotted_name(target) if isinstance(target, cst.Attribute) else None
                if dotted is not None and dotted.startswith("self."):
                    found.add(dotted)
    return found


def _empty_state(test: cst.BaseExpression) -> tuple[str, str | None] | None:
    """(the state's name, the key tested or None) of `len(state) == 0`, `not state`,
    `"key" not in state`; else None."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and \
            isinstance(test.expression, cst.Name):
        return test.expression.value, None
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    operator, right = test.comparisons[0].operator, test.comparisons[0].comparator
    if isinstance(operator, cst.Equal) and isinstance(right, cst.Integer) and \
            right.value == "0" and isinstance(test.left, cst.Call) and \
            isinstance(test.left.func, cst.Name) and test.left.func.value == "len" and \
            len(test.left.args) == 1 and isinstance(test.left.args[0].value, cst.Name):
        return test.left.args[0].value.value, None
    if isinstance(operator, cst.NotIn) and isinstance(right, cst.Name) and \
            isinstance(test.left, cst.SimpleString):
        key = test.left.evaluated_value
        return (right.value, key) if isinstance(key, str) else None
    return None


def _filled_keys(body: cst.BaseSuite, name: str) -> set[str | None] | None:
    """The keys the body stores in `name` (`name["key"] = ...`; None for a key that is
    no literal string), or None where it empties it again (`name.clear()`, `del name[k]`,
    `name = ...`)."""
    keys: set[str | None] = set()
    for node in _own_nodes(body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name) and target.target.value == name:
                    return None
                if isinstance(target.target, cst.Subscript) and \
                        isinstance(target.target.value, cst.Name) and \
                        target.target.value.value == name:
                    keys.add(_key(target.target))
        elif isinstance(node, cst.Del) and any(
                isinstance(n, cst.Name) and n.value == name for n in walk(node)):
            return None
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                isinstance(node.func.value, cst.Name) and node.func.value.value == name and \
                node.func.attr.value in ("clear", "pop", "popitem"):
            return None
    return keys


def _key(target: cst.Subscript) -> str | None:
    if len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index) and \
            isinstance(target.slice[0].slice.value, cst.SimpleString):
        key = target.slice[0].slice.value.evaluated_value
        return key if isinstance(key, str) else None
    return None


def _own_nodes(body: cst.BaseSuite) -> list[cst.CSTNode]:
    """The nodes under `body`, outside nested functions, lambdas and classes."""
    found: list[cst.CSTNode] = []
    pending: list[cst.CSTNode] = [body]
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        pending.extend(node.children)
    return found
