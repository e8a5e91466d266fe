"""Items a block stores under a key and reads back (`d[k] = a.cpu() - b.cpu()`, then
`if d[k].isnan().any():`): the read has the stored kind until the block rebinds `d` or
`k`, stores into `d` again, or hands `d` to a call that may change it."""

from __future__ import annotations

import ast

from synclint.analysis.kinds import Kind

#: (container name, the key's dump, the key's name or "").
Key = tuple[str, str, str]
Items = dict[Key, Kind]


def item_key(node: ast.Subscript) -> Key | None:
    """The key of `d[k]` where `d` is a name and `k` a name or a literal, else None."""
    if not isinstance(node.value, ast.Name):
        return None
    index = node.slice
    if isinstance(index, ast.Name):
        return (node.value.id, ast.dump(index), index.id)
    if isinstance(index, ast.Constant):
        return (node.value.id, ast.dump(index), "")
    return None


def stored_item(statement: ast.stmt) -> Key | None:
    """The key `statement` stores a value under (`d[k] = value`, one target), or None."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0], ast.Subscript):
        return item_key(statement.targets[0])
    return None


def kept(items: Items, statement: ast.stmt) -> Items:
    """The items still known after `statement` ran."""
    if not items:
        return items
    if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Subscript) \
            and item_key(statement.target) is not None:
        # `state["step"] += 1` works in place: the item keeps its kind (and the others,
        # unless the value's own calls change them).
        return kept(items, ast.Expr(statement.value))
    changed: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            changed.add(node.id)  # a container or a key rebound
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and isinstance(node.value, ast.Name):
            changed.add(node.value.id)  # stored into again (a new store is added after)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                changed.add(func.value.id)  # `d.update(...)`, `d.pop(k)`
            for arg in (*node.args, *(k.value for k in node.keywords)):
                value = arg.value if isinstance(arg, ast.Starred) else arg
                if isinstance(value, ast.Name):
                    changed.add(value.id)  # handed to a call that may change it
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            changed.update(node.names)
    if not changed:
        return items
    return {key: kind for key, kind in items.items()
            if key[0] not in changed and key[2] not in changed}


def initialised(statement: ast.stmt) -> list[tuple[Key, ast.expr]]:
    """`if not state: state["step"] = torch.zeros(())` (or `if len(state) == 0:`, `if "step"
    not in state:`): a lazy initialisation. After it, each item its body stores at its top
    level into the container the test finds empty holds what the body stores, whether the
    body ran now or on an earlier call (an optimiser's per-parameter state). The items and
    the values stored (each the only one the function stores there: `sole_store`)."""
    if not isinstance(statement, ast.If) or statement.orelse:
        return []
    test = statement.test
    name: str | None = None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and \
            isinstance(test.operand, ast.Name):
        name = test.operand.id
    elif isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if isinstance(op, ast.NotIn) and isinstance(right, ast.Name):
            name = right.id
        elif isinstance(op, ast.Eq) and isinstance(right, ast.Constant) and right.value == 0 \
                and isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and \
                left.func.id == "len" and len(left.args) == 1 and \
                isinstance(left.args[0], ast.Name):
            name = left.args[0].id
    if name is None:
        return []
    found: list[tuple[Key, ast.expr]] = []
    for inner in statement.body:
        key = stored_item(inner)
        if key is not None and key[0] == name and isinstance(inner, ast.Assign):
            found.append((key, inner.value))
    return found


def sole_store(function: ast.AST, key: Key, value: ast.expr) -> bool:
    """Whether `value` is the only value the function assigns to the item `key` (an
    augmented assignment, `state["step"] += 1`, keeps the item where it is)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and node.value is not value and any(
                isinstance(t, ast.Subscript) and item_key(t) == key for t in node.targets):
            return False
    return True
