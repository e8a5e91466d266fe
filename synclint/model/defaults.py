"""The defaults a class body gives its fields: a dataclass or configuration class's
`kl_threshold: float = 0.0`, `use_counting = False`, `batch_flattening: bool =
field(default=False, metadata=...)` (`_Class.defaults`).

A guard on a setting that with its default takes the other branch marks opt-in code
(`analysis/opt_in.py`): `if self.cfg.kl_threshold and kl > self.cfg.kl_threshold:` with
`cfg: PPO_CFG` and `PPO_CFG.kl_threshold: float = 0.0`. Only a literal written in the class
body counts (a number, a string, `True`, `False`, `None`); a field some method of the class
assigns (`__post_init__`, a setter) or the body binds twice has no default the model
trusts.

A field a method only expands into one value per network or per agent keeps its default
element by element (skrl's `expand`: `if self.learning_rate_scheduler is None:
self.learning_rate_scheduler = (None, None)`, `self.learning_rate = (self.learning_rate,
self.learning_rate)`): its default is given under `name[]`, which only a subscript of the
field reads (`cfg.learning_rate_scheduler[0]`); the field itself, now a tuple, has none."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping

from synclint.analysis.kinds import HOST, NUMPY, Instance, Kind, Seq
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.model.syntax import (
    MAPPING_ANNOTATIONS,
    OPTIONAL_ANNOTATIONS,
    SEQUENCE_ANNOTATIONS,
    _dotted,
    _is_none,
    statements,
)

#: What a NumPy array annotation names, qualified.
NUMPY_ANNOTATIONS = frozenset({"numpy.ndarray", "numpy.typing.NDArray"})


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
        text = None if value is None else literal_text(value) or field_default(value)
        if text is not None:
            found[target.id] = text
    if not found:
        return found
    assigned, expanded = _self_assigned(node)
    result = {name: text for name, text in found.items()
              if bound[name] == 1 and name not in assigned and name not in expanded}
    for name in expanded.keys() - assigned:
        text = found.get(name)
        if text is not None and bound[name] == 1 and all(
                _keeps(value, name, text) for value in expanded[name]):
            result[f"{name}[]"] = text
    return result


def literal_text(node: ast.expr) -> str | None:
    """A number, a string, `True`, `False` or `None` written in place, as `ast` reads it
    back (`-1.0`, `'auto'`), else None."""
    operand = node.operand if isinstance(node, ast.UnaryOp) and \
        isinstance(node.op, (ast.USub, ast.UAdd)) else node
    if not isinstance(operand, ast.Constant) or \
            not isinstance(operand.value, (bool, int, float, str, type(None))):
        return None
    return ast.unparse(node)


#: The functions a class body declares a field with (`dataclasses.field`, `attrs.field`,
#: pydantic's `Field`), by their last name.
_FIELD_FUNCTIONS = frozenset({"field", "Field", "attrib", "ib"})


def field_default(node: ast.expr) -> str | None:
    """The literal `default=` of a field declaration (`field(default=False, metadata=
    {...})`; axolotl's `AsyncGRPOConfig`, fresh16 L1a), as `literal_text` writes it, or
    pydantic's first argument (`Field(False, description=...)`); None for a
    `default_factory` or anything else."""
    if not isinstance(node, ast.Call):
        return None
    name = node.func.attr if isinstance(node.func, ast.Attribute) else \
        node.func.id if isinstance(node.func, ast.Name) else None
    if name not in _FIELD_FUNCTIONS:
        return None
    for keyword in node.keywords:
        if keyword.arg == "default":
            return literal_text(keyword.value)
    if name == "Field" and node.args and not isinstance(node.args[0], ast.Starred):
        return literal_text(node.args[0])
    return None


def field_kinds(node: ast.ClassDef, imports: Mapping[str, str]) -> dict[str, Kind]:
    """The fields the class body annotates as NumPy arrays (`atoms: np.ndarray`, a
    dataclass's or a NamedTuple's), bound once and assigned by no method: NumPy
    wherever the class is read (`structure.atoms`), as a parameter so annotated is.
    `imports` qualifies the annotation's first name (`np` -> `numpy`)."""
    found: dict[str, Kind] = {}
    for name, annotation in _declared_fields(node):
        if isinstance(annotation, ast.Subscript):  # `npt.NDArray[np.float32]`
            annotation = annotation.value
        head, dot, rest = (_dotted(annotation) or "").partition(".")
        if f"{imports.get(head, head)}{dot}{rest}" in NUMPY_ANNOTATIONS:
            found[name] = NUMPY
    return found


def field_classes(node: ast.ClassDef, resolve: Callable[[str], str | None]
                  ) -> dict[str, Kind]:
    """The fields the class body annotates with a project class (`structure: Structure`,
    `record: Optional["Record"]`, `msa: dict[str, MSA]`, `chains: list[Chain]`), bound
    once and assigned by no method: an instance of that class (a mapping or a sequence of
    them) wherever the class is read (`data.structure.residues`), as a parameter so
    annotated is. `resolve` gives the project class a dotted name means, or None."""
    found: dict[str, Kind] = {}
    for name, annotation in _declared_fields(node):
        kind = _annotated_instance(annotation, resolve)
        if kind is not None:
            found[name] = kind
    return found


def _declared_fields(node: ast.ClassDef) -> list[tuple[str, ast.expr]]:
    """The fields the class body annotates (`name: annotation`, with or without a value),
    bound once in the body and assigned by no method of the class."""
    bound: dict[str, int] = {}
    annotated: list[tuple[str, ast.expr]] = []
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            name = statement.target.id
            bound[name] = bound.get(name, 0) + 1
            annotated.append((name, statement.annotation))
        elif isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    bound[target.id] = bound.get(target.id, 0) + 1
    if not annotated:
        return annotated
    assigned = _self_assigned(node)[0]
    return [(name, annotation) for name, annotation in annotated
            if bound[name] == 1 and name not in assigned]


def _annotated_instance(node: ast.expr, resolve: Callable[[str], str | None]) -> Kind | None:
    """An instance of the project class `node` names (through `Optional`, `X | None` and
    string annotations), a mapping or a sequence of such instances, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        if _is_none(node.right):
            return _annotated_instance(node.left, resolve)
        return _annotated_instance(node.right, resolve) if _is_none(node.left) else None
    if isinstance(node, ast.Subscript):
        base = (_dotted(node.value) or "").rpartition(".")[2]
        inner = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        real = [item for item in inner if not _is_none(item)]
        if base in OPTIONAL_ANNOTATIONS or (base == "Union" and len(real) == 1):
            return _annotated_instance(real[0], resolve) if real else None
        if base in MAPPING_ANNOTATIONS and len(inner) == 2:
            value = _annotated_instance(inner[1], resolve)
            return MappingKind(HOST, value) if isinstance(value, Instance) else None
        if base in SEQUENCE_ANNOTATIONS and (len(inner) == 1 or (  # `tuple[X, ...]`
                len(inner) == 2 and isinstance(inner[1], ast.Constant) and
                inner[1].value is Ellipsis)):
            item = _annotated_instance(inner[0], resolve)
            return Seq(item) if isinstance(item, Instance) else None
        return None
    dotted = _dotted(node)
    key = resolve(dotted) if dotted is not None else None
    return Instance(key) if key is not None else None


def _self_assigned(node: ast.ClassDef) -> tuple[set[str], dict[str, list[ast.expr]]]:
    """The attributes the class's methods assign on `self` (`self.x = ...`, `self.x += 1`),
    and apart from them those a method only sets to a tuple or list (`self.x = (None,
    None)`, `self.x[uid] = (self.x[uid], self.x[uid])`), with the values (`_keeps`)."""
    found: set[str] = set()
    expanded: dict[str, list[ast.expr]] = {}
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
                field = _field_of(target)
                if isinstance(inner, ast.Assign) and field is not None and \
                        isinstance(inner.value, (ast.Tuple, ast.List)):
                    expanded.setdefault(field, []).append(inner.value)
                    continue
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) \
                            and part.value.id == "self":
                        found.add(part.attr)
    return found, expanded


def _field_of(node: ast.expr) -> str | None:
    """"x" of `self.x` or `self.x[...]` (any number of subscripts), else None."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id == "self":
        return node.attr
    return None


def _keeps(value: ast.expr, name: str, default: str) -> bool:
    """Whether a tuple or list a method sets field `name` to holds its default element by
    element: each element is the default written again or a read of the field itself."""
    return isinstance(value, (ast.Tuple, ast.List)) and bool(value.elts) and all(
        literal_text(element) == default or (
            _field_of(element) == name and isinstance(element, (ast.Attribute, ast.Subscript)))
        for element in value.elts)
