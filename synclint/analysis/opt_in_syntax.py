"""The syntax `analysis/opt_in.py` reads its defaults and tests from: parameters, names a
function binds, literals, annotations, dict keys and attribute stores, as LibCST gives
them."""

from __future__ import annotations

import ast

import libcst as cst

from synclint.analysis.tree import walk


def _ordered(default: str, operator: str, value: str) -> bool | None:
    """`default operator value` for two numbers, or None (not numbers)."""
    try:
        left, right = ast.literal_eval(default), ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return None
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, right)):
        return None
    return bool({">": left > right, ">=": left >= right, "<": left < right,
                 "<=": left <= right}[operator])


def _differ(value: str, default: str) -> bool:
    """Whether two literals differ in value (`0` and `0.0` do not, `"a"` and `'a'` do
    not)."""
    try:
        return bool(ast.literal_eval(value) != ast.literal_eval(default))
    except (ValueError, SyntaxError):
        return value != default


def _parameter(function: cst.FunctionDef, name: str) -> cst.Param | None:
    params = function.params
    return next((p for p in (*params.posonly_params, *params.params, *params.kwonly_params)
                 if p.name.value == name and name not in ("self", "cls")), None)


def _dict_key(node: cst.BaseExpression) -> str | None:
    """"kl_threshold" of `cfg["kl_threshold"]` or `cfg.get("kl_threshold", ...)`."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and \
            isinstance(node.slice[0].slice, cst.Index):
        key = node.slice[0].slice.value
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value == "get" and node.args and node.args[0].keyword is None:
        key = node.args[0].value
    else:
        return None
    if isinstance(key, cst.SimpleString):
        value = key.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _annotation_names(node: cst.BaseExpression) -> list[str]:
    """The dotted names an annotation gives as types, `None` and containers aside."""
    if isinstance(node, cst.SimpleString):
        text = node.evaluated_value
        try:
            parsed = cst.parse_expression(text) if isinstance(text, str) else None
        except cst.ParserSyntaxError:
            return []
        return _annotation_names(parsed) if parsed is not None else []
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return [*_annotation_names(node.left), *_annotation_names(node.right)]
    if isinstance(node, cst.Subscript):
        if _code(node.value).rpartition(".")[2] in ("Optional", "Union"):
            return [name for element in node.slice if isinstance(element.slice, cst.Index)
                    for name in _annotation_names(element.slice.value)]
        return []
    if isinstance(node, (cst.Name, cst.Attribute)):
        return [_code(node)]
    return []


def _is_self_attribute(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
        node.value.value == "self" and node.attr.value == name


def _set_key(node: cst.BaseExpression) -> str | None:
    """"x" of `self.x`, "x[]" of `self.x[...]` (any number of subscripts), else None."""
    subscripted = isinstance(node, cst.Subscript)
    while isinstance(node, cst.Subscript):
        node = node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
            node.value.value == "self":
        return f"{node.attr.value}[]" if subscripted else node.attr.value
    return None


def _number(text: str) -> bool:
    """Whether a default as written is a bool or a number (not a string, not None)."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False
    return isinstance(value, (bool, int, float))


def _set_attributes(block: cst.BaseSuite) -> set[str]:
    return {target.attr.value for node in walk(block) if isinstance(node, cst.AssignTarget)
            and isinstance((target := node.target), cst.Attribute)
            and isinstance(target.value, cst.Name) and target.value.value == "self"}


def _set_literals(block: cst.BaseSuite) -> dict[str, str]:
    found: dict[str, str] = {}
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    for line in lines:
        if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in line.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                        isinstance(small.targets[0].target, cst.Attribute) and \
                        _literal(small.value):
                    target = small.targets[0].target
                    if isinstance(target.value, cst.Name) and target.value.value == "self":
                        found[target.attr.value] = _code(small.value)
    return found


def _bound_names(body: cst.BaseSuite) -> set[str]:
    """The names a function body binds (assignments, loop and `with` targets, walrus),
    outside nested functions and classes."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.AssignTarget):
            targets.append(node.target)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                               cst.NamedExpr)):
            targets.append(node.target)
        elif isinstance(node, cst.AsName):
            targets.append(node.name)
        for target in targets:
            found.update(n.value for n in _names_in(target))
        stack.extend(node.children)
    return found


def _single_locals(function: cst.FunctionDef) -> dict[str, tuple[int, cst.BaseExpression]]:
    """Names the function binds exactly once (nested functions and classes aside), by an
    assignment `name = value` on a line of the top level of its body: name -> (the
    line's index in the body, the value)."""
    counts: dict[str, int] = {}
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                counts[node.name.value] = counts.get(node.name.value, 0) + 2
            continue
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.AssignTarget):
            targets.append(node.target)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                               cst.NamedExpr)):
            targets.append(node.target)
        elif isinstance(node, cst.AsName):
            targets.append(node.name)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            for item in node.names:
                counts[item.name.value] = counts.get(item.name.value, 0) + 2
        for target in targets:
            for bound in _names_in(target):
                counts[bound.value] = counts.get(bound.value, 0) + 1
        stack.extend(node.children)
    found: dict[str, tuple[int, cst.BaseExpression]] = {}
    lines = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    for index, line in enumerate(lines):
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name):
                name = small.targets[0].target.value
                if counts.get(name) == 1:
                    found[name] = (index, small.value)
    return found


def _names_in(target: cst.CSTNode) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names_in(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names_in(target.value)
    return []


def _top_level(function: cst.FunctionDef) -> list[cst.BaseSmallStatement]:
    body = function.body
    lines = body.body if isinstance(body, cst.IndentedBlock) else [body]
    found: list[cst.BaseSmallStatement] = []
    for line in lines:
        if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            found.extend(line.body)
    return found


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)) or (
        isinstance(node, cst.Name) and node.value in ("True", "False", "None"))


def _code(node: cst.BaseExpression) -> str:
    return cst.Module([]).code_for_node(node)


def _uniform_element(default: str) -> str | None:
    """The one constant every element of a list or tuple default holds (`[False]`,
    `(0, 0)`), as written; None for anything else."""
    try:
        value = ast.literal_eval(default)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if not isinstance(value, (list, tuple)) or not value or \
            any(type(item) is not type(value[0]) or item != value[0] for item in value) or \
            not isinstance(value[0], (bool, int, float, str, type(None))):
        return None
    return repr(value[0])

def passed_on(init: cst.FunctionDef, parent: cst.ClassDef,
              option: tuple[str, str]) -> tuple[str, str] | None:
    """The option a base's `__init__` keeps (`option`: its parameter's name and default),
    as a subclass's `__init__` (`init`) hands it on through `super().__init__(...)`: the
    base's default where the call leaves the parameter out; a literal it passes; the
    default of the subclass's own parameter it passes on unchanged (`report_accuracy=
    report_accuracy`, fresh18 L4(a)); else None (an argument the defaults do not tell).
    `*args` / `**kwargs` hand on what the subclass's caller gives, which leaves the
    base's default where it gives nothing."""
    name = option[0]
    base_init = next((s for s in parent.body.body if isinstance(s, cst.FunctionDef)
                      and s.name.value == "__init__"), None)
    positional = [p.name.value for p in base_init.params.params][1:] \
        if base_init is not None else []
    for call in _super_init_calls(init):
        passed: cst.BaseExpression | None = None
        index = 0
        for arg in call.args:
            if arg.star:
                continue  # `**kwargs` hands on what the caller gives: the base's default
            if arg.keyword is not None:
                if arg.keyword.value == name:
                    passed = arg.value
            elif index < len(positional) and positional[index] == name:
                passed = arg.value
            if arg.keyword is None:
                index += 1
        if passed is None:
            continue
        if _literal(passed):
            return (name, _code(passed))
        if isinstance(passed, cst.Name):
            param = _parameter(init, passed.value)
            if param is not None and param.default is not None and _literal(param.default) \
                    and passed.value not in _bound_names(init.body):
                return (passed.value, _code(param.default))
        return None
    return option


def _super_init_calls(init: cst.FunctionDef) -> list[cst.Call]:
    """The `super().__init__(...)` calls of an `__init__`'s top-level statements."""
    found = []
    for statement in init.body.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            call = small.value if isinstance(small, cst.Expr) else None
            if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
                    call.func.attr.value == "__init__" and isinstance(call.func.value, cst.Call) \
                    and isinstance(call.func.value.func, cst.Name) and \
                    call.func.value.func.value == "super":
                found.append(call)
    return found
