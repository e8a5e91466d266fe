"""The defaults a class body gives its fields: a dataclass or configuration class's
`kl_threshold: float = 0.0`, `use_counting = False` (`_Class.defaults`).

A guard on a setting that with its default takes the other branch marks opt-in code
(`analysis/opt_in.py`): `if self.cfg.kl_threshold and kl > self.cfg.kl_threshold:` with
`cfg: PPO_CFG` and `PPO_CFG.kl_threshold: float = 0.0`. Only a literal written in the class
body counts (a number, a string, `True`, `False`, `None`); a field some method of the class
assigns (`__post_init__`, a setter) or the body binds twice has no default the model
trusts."""

from __future__ import annotations

import ast

from synclint.model.syntax import statements


def class_defaults(node: ast.ClassDef) -> dict[str, str]:
    """Field name -> the literal its class body gives it, as written (`"0.0"`, `"None"`)."""
    found: dict[str, str] = {}
    bound: dict[str, int] = {}
    for statement in node.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(statement, ast.AnnAssign) and statement.simple:
            target, value = statement.target, statement.value
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        if not isinstance(target, ast.Name):
            continue
        bound[target.id] = bound.get(target.id, 0) + 1
        text = literal_text(value) if value is not None else None
        if text is not None:
            found[target.id] = text
    if not found:
        return found
    assigned = _self_assigned(node)
    return {name: text for name, text in found.items()
            if bound[name] == 1 and name not in assigned}


def literal_text(node: ast.expr) -> str | None:
    """A number, a string, `True`, `False` or `None` written in place, as `ast` reads it
    back (`-1.0`, `'auto'`), else None."""
    operand = node.operand if isinstance(node, ast.UnaryOp) and \
        isinstance(node.op, (ast.USub, ast.UAdd)) else node
    if not isinstance(operand, ast.Constant) or \
            not isinstance(operand.value, (bool, int, float, str, type(None))):
        return None
    return ast.unparse(node)


def _self_assigned(node: ast.ClassDef) -> set[str]:
    """The attributes the class's methods assign on `self` (`self.x = ...`, `self.x += 1`)."""
    found: set[str] = set()
    for method in node.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for inner in statements(method.body):  # an assignment is a statement
            targets: list[ast.expr] = []
            if isinstance(inner, ast.Assign):
                targets = list(inner.targets)
            elif isinstance(inner, (ast.AugAssign, ast.AnnAssign)):
                targets = [inner.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) \
                            and part.value.id == "self":
                        found.add(part.attr)
    return found
