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
