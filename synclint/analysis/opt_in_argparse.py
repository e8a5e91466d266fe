"""Opt-in code under an argparse option (`analysis/opt_in.py`; issue 22, fresh17 L3a): a
read of an options holder (`args.kle_stop`, `self.args.use_cbhg`, `opt.report_cer`) names
the option the project declares with `add_argument` (`model/options.py`), with its
default. `args` is the parsed options only where it is so bound: a parameter (which the
function may rebind from a call that passes it along: espnet1's `args =
fill_missing_args(args, self.add_arguments)`), a local bound only by `parse_args()`, or a
module-level name so bound (cleanrl's scripts: `args = parser.parse_args()` under `if
__name__ == "__main__":`; the model's `FileView.option_holders`, from the whole text);
`self.args` and the other holder attributes of `self` are taken as the options they are
named for. An attribute kept from an option (`self.use_cbhg = args.use_cbhg`) counts only
where the class sets it nowhere else (`assigned_once`)."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.opt_in_syntax import _parameter
from synclint.analysis.tree import walk
from synclint.model.options import ARGPARSE_HOLDERS
from synclint.model.summaries import FileView


def argparse_option(node: cst.Attribute, function: cst.FunctionDef | None,
                    view: FileView | None) -> tuple[str, str] | None:
    """(the option's name, its default) that `node` reads (`args.use_cbhg`), or None."""
    if not holder_read(node, view):
        return None
    assert view is not None
    name = node.attr.value
    owner = node.value
    if isinstance(owner, cst.Name) and not _parsed(owner.value, function, view):
        return None
    return name, view.options[name]


def holder_read(node: cst.BaseExpression, view: FileView | None) -> bool:
    """Whether `node` reads an option the project declares with one default off an
    options holder (`args.x`, `self.args.x`), however the holder is bound."""
    if view is None or not view.options or not isinstance(node, cst.Attribute) or \
            node.attr.value not in view.options:
        return False
    owner = node.value
    if isinstance(owner, cst.Attribute):
        return isinstance(owner.value, cst.Name) and owner.value.value == "self" and \
            owner.attr.value in ARGPARSE_HOLDERS
    return isinstance(owner, cst.Name) and owner.value in ARGPARSE_HOLDERS


def assigned_once(cls: cst.ClassDef, name: str) -> bool:
    """Whether the class assigns `self.name` exactly once (in all its methods): an
    attribute set from an option here and from something else there is no setting."""
    count = 0
    for node in walk(cls):
        targets: list[cst.BaseExpression] = []
        if isinstance(node, cst.AssignTarget):
            targets.append(node.target)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            targets.append(node.target)
        for target in targets:
            for part in walk(target):
                if isinstance(part, cst.Attribute) and isinstance(part.value, cst.Name) \
                        and part.value.value == "self" and part.attr.value == name:
                    count += 1
    return count == 1


def _parsed(holder: str, function: cst.FunctionDef | None, view: FileView) -> bool:
    """Whether the name `holder` holds parsed options where `function` (None: the
    module's own code) reads it: a global by the model (`FileView.option_holders`: the
    whole text's, where LibCST may have been given only part of the module-level code)."""
    if function is not None:
        values = _bindings(function.body, holder)
        if _parameter(function, holder) is not None:
            return all(v is not None and (_parses(v) or _passes(v, holder)) for v in values)
        if values:
            return all(v is not None and _parses(v) for v in values)
    return holder in view.option_holders


#: Per function body (by identity) and name: `_bindings`.
_BINDINGS: dict[tuple[int, str], tuple[cst.CSTNode, list[cst.BaseExpression | None]]] = {}


def _bindings(top: cst.CSTNode, name: str) -> list[cst.BaseExpression | None]:
    """What `top` (a function body) binds `name` to, nested functions and
    classes aside: the value of each `name = value`, None for any other binding (a loop
    target, a tuple, an augmented assignment, `global`)."""
    cached = _BINDINGS.get((id(top), name))
    if cached is not None and cached[0] is top:
        return cached[1]
    if len(_BINDINGS) >= 256:
        _BINDINGS.clear()
    found: list[cst.BaseExpression | None] = []
    _BINDINGS[(id(top), name)] = (top, found)
    stack: list[cst.CSTNode] = list(top.children)
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name) and target.target.value == name:
                    found.append(node.value)
                elif any(p.value == name for p in _names(target.target)):
                    found.append(None)
        elif isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
            if node.target.value == name and node.value is not None:
                found.append(node.value)  # `args: Namespace = parser.parse_args()`
        elif isinstance(node, (cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr,
                               cst.AsName)):
            bound = node.name if isinstance(node, cst.AsName) else node.target
            if any(p.value == name for p in _names(bound)):
                found.append(None)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            if any(item.name.value == name for item in node.names):
                found.append(None)
        stack.extend(node.children)
    return found


def _names(target: cst.BaseExpression) -> list[cst.Name]:
    """The names a target binds (not `args.seed = ...`, which sets an attribute)."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _names(target.value)
    return []


def _parses(value: cst.BaseExpression) -> bool:
    """`parser.parse_args()`, `parse_args()`, `parser.parse_known_args()[0]`."""
    wanted = "parse_args"
    if isinstance(value, cst.Subscript):  # `parse_known_args()`: (options, the rest)
        value, wanted = value.value, "parse_known_args"
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    name = func.attr.value if isinstance(func, cst.Attribute) else \
        func.value if isinstance(func, cst.Name) else None
    return name == wanted


def _passes(value: cst.BaseExpression, holder: str) -> bool:
    """A call that passes the options along (`fill_missing_args(args, ...)`)."""
    return isinstance(value, cst.Call) and any(
        isinstance(a.value, cst.Name) and a.value.value == holder and not a.star
        for a in value.args)
