"""Whether an expression of a module's `forward` is computed from its input batch (the
first parameter, unannotated): `(x > t).squeeze(1)`, or a local assigned from it before
(`active = x > t`, then `active.squeeze(1).tolist()`); or, for a builtin's read
(`int(idx_m[-1])`), an item of it picked by subscripts alone (`inputs["idx_m"]`, then
`[-1]`), never through an attribute or a call (`x.shape[0]`, `np.asarray(x)[0]`)."""

from __future__ import annotations

import libcst as cst

#: How many local assignments a chain is followed back through.
_DEPTH = 4


def input_root(node: cst.BaseExpression) -> str | None:
    """The name a chain of tensor expressions starts from: `x` in `(x > t).squeeze(1)`,
    `x[:, 0]`, `-x.abs()`; None when a call of a function (`np.asarray(x)`) makes it."""
    while True:
        if isinstance(node, cst.Name):
            return node.value
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            node = node.func.value
        elif isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        elif isinstance(node, cst.Comparison):
            node = node.left
        elif isinstance(node, cst.BinaryOperation):
            node = node.left
        elif isinstance(node, cst.UnaryOperation):
            node = node.expression
        else:
            return None


def indexed_root(node: cst.BaseExpression) -> str | None:
    """The name a chain of subscripts starts from: `inputs` in `inputs["idx_m"][-1]`;
    None for anything else (an attribute, a call, an operator)."""
    while isinstance(node, cst.Subscript):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def from_input(node: cst.BaseExpression, name: str, function: cst.FunctionDef,
               parents: list[cst.CSTNode], indexed: bool = False) -> bool:
    """Whether `node` (below `parents`, in `function`'s body) is computed from the
    parameter `name`, directly or through locals the function body assigned before the
    statement that holds `node` (the last such assignment of each). `indexed`: only by
    subscripts, at least one (`indexed_root`)."""
    if indexed and not isinstance(node, cst.Subscript):
        return False
    assigned = _assigned_before(function, parents)
    root_of = indexed_root if indexed else input_root
    root = root_of(node)
    for _ in range(_DEPTH):
        if root is None:
            return False
        value = assigned.get(root)
        if value is None:
            return root == name  # `x` itself, as `forward` was given it
        assigned = {k: v for k, v in assigned.items() if k != root}
        root = root_of(value)
    return False


def _assigned_before(function: cst.FunctionDef, parents: list[cst.CSTNode]
                     ) -> dict[str, cst.BaseExpression]:
    """The plain `name = value` statements of `function`'s body (its own statements, in
    order) before the one that holds the node below `parents`: the last value of each."""
    if function not in parents:
        return {}
    index = parents.index(function)
    holder = parents[index + 2] if index + 2 < len(parents) else None  # def > block > stmt
    found: dict[str, cst.BaseExpression] = {}
    body = function.body
    if not isinstance(body, cst.IndentedBlock):
        return found
    for statement in body.body:
        if statement is holder:
            break
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name):
                found[small.targets[0].target.value] = small.value
    return found
