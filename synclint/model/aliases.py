"""A project's own type aliases (`OptTensor = Optional[Tensor]`, `Pair: TypeAlias =
tuple[Tensor, Tensor]`, `type Adj = Tensor | SparseTensor`): found at module level while
indexing, kept as their source text (so that a cached module keeps them and a changed
alias re-links its importers), and read where an annotation names one, as what they alias.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint.model.index import _parse_annotation
from synclint.model.syntax import _dotted

if TYPE_CHECKING:
    from synclint.model.index import _Module
    from synclint.model.project import Project

#: Longer right-hand sides are not type aliases worth reading (and not worth keeping).
MAX_ALIAS_CHARS = 400
#: Generic forms an alias of a tensor type is built with (their last name).
_TYPING_FORMS = frozenset({"Optional", "Union", "Tuple", "tuple", "List", "list", "Dict",
                           "dict", "Sequence", "Mapping", "Iterable", "Iterator",
                           "MutableMapping", "MutableSequence", "Annotated", "Callable"})


#: Lower-case names of types an alias may stand for (`NodeType = str`, `Array = np.ndarray`).
_PLAIN_TYPES = frozenset({"str", "int", "float", "bool", "bytes", "complex", "ndarray"})


def type_alias(node: ast.stmt) -> tuple[str, str] | None:
    """The name and annotation text a module-level statement makes a type alias of, or
    None: `X = Optional[Tensor]`, `X = A | B`, `X = torch.Tensor` (a capitalised name, or
    a plain type: `X = str`),
    `X: TypeAlias = ...`, and `type X = ...` (Python 3.12)."""
    value: ast.expr | None
    if isinstance(node, ast.Assign):
        if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            return None
        name, value = node.targets[0].id, node.value
        if not _alias_shaped(value):
            return None
    elif isinstance(node, ast.AnnAssign):
        if not isinstance(node.target, ast.Name) or node.value is None or \
                (_dotted(node.annotation) or "").rsplit(".", 1)[-1] != "TypeAlias":
            return None
        name, value = node.target.id, node.value
    elif type(node).__name__ == "TypeAlias":  # `type X = ...`, an ast node since 3.12
        target = getattr(node, "name", None)
        value = getattr(node, "value", None)
        if not isinstance(target, ast.Name) or not isinstance(value, ast.expr):
            return None
        name = target.id
    else:
        return None
    text = ast.unparse(value)
    return (name, text) if len(text) <= MAX_ALIAS_CHARS else None


def _alias_shaped(value: ast.expr) -> bool:
    """Whether a plain assignment's value reads as a type (`Optional[Tensor]`, `A | None`,
    `torch.Tensor`), not as a value (`DEVICE = "cuda"`, `scale = torch.ones(3)`)."""
    if isinstance(value, ast.Subscript):
        return (_dotted(value.value) or "").rsplit(".", 1)[-1] in _TYPING_FORMS
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        return _alias_shaped(value.left) or _alias_shaped(value.right)
    dotted = _dotted(value)
    if dotted is None:
        return False
    last = dotted.rsplit(".", 1)[-1]
    return last[:1].isupper() or last in _PLAIN_TYPES


def expanded_alias(project: Project, module: _Module, dotted: str,
                   key: str | None = None) -> str | None:
    """The annotation the project type alias `dotted` names in `module` stands for, with
    every name in it absolute (`typing.Optional[torch.Tensor]`) and the aliases it uses
    expanded in turn, so that it reads the same in any module (`Expressions._aliased`);
    None when `dotted` names no alias. A cycle of aliases reads as `Any`. `key`: what
    `dotted` links to (`Project._name_key`), when the caller has it already."""
    found = _find(project, module, dotted, key)
    if found is None:
        return None
    return _expand(project, *found, frozenset())


def _find(project: Project, module: _Module, dotted: str, key: str | None = None
          ) -> tuple[_Module, str] | None:
    """The module that defines the alias `dotted` names in `module`, and its name there."""
    if "." not in dotted and dotted in module.aliases:
        return module, dotted
    if key is None:
        key = project._name_key(module, dotted)
    if key is None or ":" not in key:
        return None
    owner_name, _, name = key.partition(":")
    owner = project.modules.get(owner_name)
    if owner is None or name not in owner.aliases:
        return None
    return owner, name


def _expand(project: Project, module: _Module, name: str, seen: frozenset[str]) -> str:
    key = f"{module.name}:{name}"
    memo = project.expanded_aliases
    if key in memo:
        return memo[key]
    parsed = _parse_annotation(module.aliases[name]) if key not in seen else None
    if parsed is None:
        return "typing.Any"
    text = ast.unparse(_Absolute(project, module, seen | {key}).visit(parsed))
    memo[key] = text
    return text


class _Absolute(ast.NodeTransformer):
    """Rewrites an alias's annotation so that it means the same outside its module."""

    def __init__(self, project: Project, module: _Module, seen: frozenset[str]) -> None:
        self.project, self.module, self.seen = project, module, seen

    def _dotted(self, node: ast.Name | ast.Attribute) -> ast.AST:
        dotted = _dotted(node)
        if dotted is None:
            return self.generic_visit(node)
        found = _find(self.project, self.module, dotted)
        if found is not None:
            text = _expand(self.project, *found, self.seen)
        else:
            text = self.project._qualify(self.module, dotted)
        parsed = _parse_annotation(text)
        return parsed if parsed is not None else node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return self._dotted(node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        return self._dotted(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, str):  # a forward reference: `Optional["Tensor"]`
            parsed = _parse_annotation(node.value)
            if parsed is not None:
                visited: ast.AST = self.visit(parsed)
                return visited
        return node
