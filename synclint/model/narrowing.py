"""Narrowing: what `isinstance(x, torch.Tensor)` and `torch.is_tensor(x)` say about `x` in
each branch of a test.

`isinstance(v, torch.Tensor)` makes `v` a tensor where the test holds and *not* a
tensor where it fails; `isinstance(v, (np.integer, np.floating))` a NumPy scalar (a
host value whose `.item()` never syncs); `isinstance(v, (int, float))` a Python number.
A device test (`t.device.type == "cpu"`, `t.device == torch.device("cpu")`) makes `t` a
CPU tensor where it holds: `if t.device.type == "cpu" and t.any():` reads it without a
device sync; where it fails, `t` is a device tensor. `t.is_cuda` makes `t` a device
tensor where it holds; failing, it says nothing of a branch (`t` may be on another
accelerator), but a function that returns or raises under `if t.is_cuda:` leaves the rest
to its CPU path (`cuda_fallback`: `if params[0].is_cuda: return clip_grad_norm_(params,
m)`, then a NumPy path over CPU gradients). A test of `xs[0]` (a literal index) says the
same of every element of `xs` (a list of parameters lives on one device). An expression
(`params[k]`, `self.x`) is narrowed by its code.

A name that is a bool literal or a tensor (`partial = True`, then `partial = partial & m`
under an `if`: a `Literal`) is the tensor where a test rules the literal out:
`partial is not True`, `not isinstance(partial, bool)`, `isinstance(partial, Tensor)`.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from synclint import knowledge
from synclint.analysis.kinds import (
    HOST,
    HOST_TENSOR,
    HOST_VALUES,
    NUMPY,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Instance,
    Kind,
    Mapping,
    Seq,
    Tup,
    join_all,
)
from synclint.model.index import _parse_annotation
from synclint.model.syntax import _dotted, _is_none

#: Names (or expression keys) -> kind where the test holds, and where it fails.
Narrowing = tuple[dict[str, Kind], dict[str, Kind]]
#: What a name bound to a bool literal holds: the literal, and the kind of the other value
#: a branch may have left instead (None: nothing else, the name is the literal).
Literal = tuple[bool, Kind | None]

_HOST_CLASSES = frozenset({"int", "float", "bool", "str", "bytes", "complex"})
#: The builtin classes a bool literal may be tested against by name.
_BUILTIN_CLASSES: dict[str, type] = {"bool": bool, "int": int, "float": float, "str": str,
                                     "bytes": bytes, "complex": complex}
#: Containers: never a tensor themselves, whatever they hold (their items stay unknown).
_CONTAINER_CLASSES: dict[str, Kind] = {
    "dict": Mapping(UNKNOWN, UNKNOWN), "list": Seq(UNKNOWN), "tuple": Seq(UNKNOWN),
    "set": Seq(UNKNOWN), "frozenset": Seq(UNKNOWN)}
_ABSTRACT_CONTAINERS: dict[str, Kind] = {
    "collections.abc.Mapping": Mapping(UNKNOWN, UNKNOWN),
    "typing.Mapping": Mapping(UNKNOWN, UNKNOWN),
    "collections.abc.Sequence": Seq(UNKNOWN), "typing.Sequence": Seq(UNKNOWN)}
#: Prefix of the keys that narrow an expression (`params[k]`, `self.x`) rather than a name.
EXPRESSION = "expr:"
_NONE: Narrowing = ({}, {})


def code_of(node: ast.expr) -> str:
    """An expression's code, the same for every way it is written (its narrowing key)."""
    return ast.unparse(node)


def narrowings(test: ast.expr, qualify: Callable[[str], str], shadowed: Callable[[str], bool],
               kind_of: Callable[[ast.expr], Kind],
               literal_of: Callable[[str], Literal | None] = lambda name: None,
               declared: Callable[[str], Members | None] = lambda name: None,
               instance_of: Callable[[str], Kind | None] = lambda dotted: None) -> Narrowing:
    """What `test` being true, and being false, says about names and expressions.

    `qualify` gives a dotted name's import path, `shadowed` whether a name is a local
    value (not the builtin), `kind_of` an expression's kind where the test runs,
    `literal_of` the bool literal a name may still be and the tensor kind it is otherwise
    (`Flow._literal`), `declared` the members of the union a parameter not yet rebound is
    annotated with (`union_members`), `instance_of` the kind of instances of a project
    class a dotted name names (an `Instance`; None for any other name)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        holds, fails = narrowings(test.operand, qualify, shadowed, kind_of, literal_of,
                                  declared, instance_of)
        return fails, holds
    if isinstance(test, ast.BoolOp):
        parts = [narrowings(value, qualify, shadowed, kind_of, literal_of, declared,
                            instance_of) for value in test.values]
        if isinstance(test.op, ast.And):
            return {k: v for part in parts for k, v in part[0].items()}, {}
        return {}, {k: v for part in parts for k, v in part[1].items()}
    if isinstance(test, ast.Compare):
        return _identity_test(test, literal_of) or _device_test(test, kind_of)
    if isinstance(test, ast.Attribute) and test.attr == "is_cuda":
        return _on_device(test.value, kind_of, True)[0], {}
    if isinstance(test, ast.Attribute) and test.attr == "is_cpu" and \
            isinstance(test.value, ast.Name) and kind_of(test.value) in TENSORS:
        return {test.value.id: HOST_TENSOR}, {}  # `if t.is_cpu:` (failing: any device)
    if not isinstance(test, ast.Call) or test.keywords or not test.args or \
            any(isinstance(a, ast.Starred) for a in test.args):
        return _NONE
    subject = test.args[0]
    if isinstance(subject, ast.Name):
        name = subject.id
    elif isinstance(subject, (ast.Subscript, ast.Attribute)):
        name = EXPRESSION + code_of(subject)
    else:
        return _NONE
    func = test.func
    classes: list[Kind | None]
    elements: list[ast.expr] = []
    if isinstance(func, ast.Name) and func.id == "isinstance" and len(test.args) == 2:
        if shadowed("isinstance"):
            return _NONE
        target = test.args[1]
        elements = list(target.elts) if isinstance(target, ast.Tuple) else [target]
        classes = [_class_kind(e, qualify, shadowed) or _instance_kind(e, shadowed, instance_of)
                   for e in elements]
    elif _dotted(func) is not None and qualify(_dotted(func) or "") == "torch.is_tensor" \
            and len(test.args) == 1:
        classes = [TENSOR]
    elif _dotted(func) is not None and len(test.args) == 1 and \
            knowledge.instance_test(qualify(_dotted(func) or "")) is not None:
        classes = [knowledge.instance_test(qualify(_dotted(func) or ""))]
    else:
        return _NONE
    literal = literal_of(name) if isinstance(subject, ast.Name) else None
    if literal is not None:
        return _literal_instance_test(name, literal, classes, test.args[1:], shadowed)
    current = kind_of(subject)
    true: dict[str, Kind] = {}
    false: dict[str, Kind] = {}
    if None not in classes:
        known = [k for k in classes if k is not None]
        if TENSOR in known and current in TENSORS:
            true[name] = current  # keep what is known already (float64, on the host)
        elif any(isinstance(k, Instance) and ":" in k.cls for k in known) and \
                current is not UNKNOWN and not isinstance(current, Instance):
            pass  # known otherwise: a project class (a tensor of a subclass of Tensor)
        else:
            true[name] = join_all(known)
    if TENSOR in classes and current in TENSORS:
        false[name] = UNKNOWN
    elif NUMPY in classes and current is NUMPY:
        false[name] = UNKNOWN
    members = declared(name) if isinstance(subject, ast.Name) and elements else None
    names = [_class_name(e, qualify, shadowed) for e in elements] if members else []
    if members is not None and name not in false and current not in HOST_VALUES:
        # (A value known on the host, `0` from every caller, is never the union's tensor.)
        rest = _remaining(members, names)
        if rest is not None:
            false[name] = rest
    if members is not None and name in true and current not in HOST_VALUES:
        # `isinstance(y, dict)` of `Tensor | dict[str, Tensor]`: the member's items.
        matched = join_all([kind for member, kind in members if member in names])
        if isinstance(matched, (Seq, Mapping, Tup)):
            true[name] = matched
    return true, false


#: A union annotation's members: each one's class name (`_class_name`; None when it is
#: not a plain class) and the kind its values have.
Members = list[tuple[str | None, Kind]]
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
_TYPING_CLASSES = {"List": "list", "Tuple": "tuple", "Dict": "dict", "Set": "set",
                   "FrozenSet": "frozenset"}


def union_members(annotation: ast.expr | None, qualify: Callable[[str], str],
                  kind_of: Callable[[ast.expr], Kind]) -> Members | None:
    """The members of `Union[A, B]`, `A | B` or `Optional[Union[...]]` (None left out, as
    a parameter's kind leaves it out), with `kind_of` each member's kind; None for an
    annotation that is no union of two or more members."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = _parse_annotation(annotation.value)
    nodes = _union_nodes(annotation) if annotation is not None else []
    real = [n for n in nodes if not _is_none(n)]
    if len(real) < 2:
        return None
    return [(_class_name(n.value if isinstance(n, ast.Subscript) else n, qualify,
                         lambda name: False), kind_of(n)) for n in real]


def _union_nodes(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*_union_nodes(node.left), *_union_nodes(node.right)]
    if isinstance(node, ast.Subscript) and \
            (_dotted(node.value) or "").rsplit(".", 1)[-1] in ("Union", "Optional"):
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return [part for n in inner for part in _union_nodes(n)]
    return [node]


def _class_name(node: ast.expr, qualify: Callable[[str], str],
                shadowed: Callable[[str], bool]) -> str | None:
    """A class's name as a test and an annotation both write it: a builtin's own name
    (`typing.List` is `list`), any other class's import path; None for a local value."""
    dotted = _dotted(node)
    if dotted is None or shadowed(dotted.partition(".")[0]):
        return None
    bare = dotted.rsplit(".", 1)[-1]
    if dotted in _HOST_CLASSES or dotted in _CONTAINER_CLASSES:
        return dotted
    if bare in _TYPING_CLASSES and dotted in (bare, f"typing.{bare}"):
        return _TYPING_CLASSES[bare]
    return qualify(dotted)


def _remaining(members: Members, classes: list[str | None]) -> Kind | None:
    """What a value of the union is where `isinstance` with `classes` fails: the join of
    the members that are surely instances of none of them (a `bool` is an `int`, a
    Parameter a Tensor); None when no member is left or the rest has no one kind."""
    if None in classes:
        return None
    rest = [kind for name, kind in members
            if not (name in classes or (name == "bool" and "int" in classes)
                    or (name in _PARAMETERS and "torch.Tensor" in classes))]
    if not rest or len(rest) == len(members):
        return None
    kind = join_all(rest)
    return None if kind is UNKNOWN else kind


def current_literal(literal: Literal | None, kind: Kind) -> Literal | None:
    """`literal` where it still describes a name whose value has kind `kind`: a host value
    is the bare literal (`partial is True` held), a value of no one kind the literal or the
    tensor; a tensor (`partial is not True` held) is no longer the literal."""
    if literal is None:
        return None
    if kind is HOST:
        return (literal[0], None)
    return literal if kind is UNKNOWN and literal[1] is not None else None


def merge_literals(first: Literal | None, a: Kind, second: Literal | None, b: Kind
                   ) -> Literal | None:
    """What a name that two paths reach with kinds `a` and `b` (and literals `first`,
    `second`) holds after them: the literal, or the literal and a tensor (`partial = True`,
    then `partial = partial & m` on one branch), else nothing."""
    first, second = current_literal(first, a), current_literal(second, b)
    if first is None and second is None:
        return None
    if first is not None and second is not None:
        if first[0] is not second[0]:
            return None
        constant, others = first[0], [first[1], second[1]]
    elif first is not None:
        constant, others = first[0], [first[1], b]
    else:
        assert second is not None
        constant, others = second[0], [second[1], a]
    known = [kind for kind in others if kind is not None]
    other = join_all(known) if known else None
    return (constant, other) if other is None or other in TENSORS else None


def _identity_test(test: ast.Compare, literal_of: Callable[[str], Literal | None]
                   ) -> Narrowing | None:
    """`x is True`, `x is not False`, of a name that is that literal or a tensor: the tensor
    where the test says it is not the literal (None: not such a test)."""
    if len(test.ops) != 1 or not isinstance(test.ops[0], (ast.Is, ast.IsNot)):
        return None
    subject, other = test.left, test.comparators[0]
    if isinstance(subject, ast.Constant):
        subject, other = other, subject
    if not (isinstance(subject, ast.Name) and isinstance(other, ast.Constant)
            and isinstance(other.value, bool)):
        return None
    literal = literal_of(subject.id)
    if literal is None or literal[0] is not other.value or literal[1] is None:
        return None
    same: dict[str, Kind] = {subject.id: HOST}
    different: dict[str, Kind] = {subject.id: literal[1]}
    return (same, different) if isinstance(test.ops[0], ast.Is) else (different, same)


def _literal_instance_test(name: str, literal: Literal, classes: list[Kind | None],
                           targets: list[ast.expr], shadowed: Callable[[str], bool]
                           ) -> Narrowing:
    """`isinstance(x, bool)` or `isinstance(x, torch.Tensor)` of a name that is a bool
    literal or a tensor (`literal`): a test the literal passes and no tensor does (or the
    reverse) tells the two apart."""
    constant, other = literal
    assert other is not None
    elements = [e for target in targets
                for e in (target.elts if isinstance(target, ast.Tuple) else [target])]
    builtins = [_BUILTIN_CLASSES.get(e.id) if isinstance(e, ast.Name) and not shadowed(e.id)
                else None for e in elements]
    if builtins and all(builtins):
        if isinstance(constant, tuple(c for c in builtins if c is not None)):
            return {name: HOST}, {name: other}
        return _NONE
    if classes == [TENSOR]:
        return {name: other}, {name: HOST}
    return _NONE


def _class_kind(node: ast.expr, qualify: Callable[[str], str],
                shadowed: Callable[[str], bool]) -> Kind | None:
    """The kind of instances of the class `node`, None when the analysis cannot tell."""
    if isinstance(node, ast.Name) and node.id in _HOST_CLASSES:
        return None if shadowed(node.id) else HOST
    if isinstance(node, ast.Name) and node.id in _CONTAINER_CLASSES:
        return None if shadowed(node.id) else _CONTAINER_CLASSES[node.id]
    dotted = _dotted(node)
    if dotted is None:
        return None
    qualified = qualify(dotted)
    if qualified in _ABSTRACT_CONTAINERS:
        return _ABSTRACT_CONTAINERS[qualified]
    if qualified in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter") or (
            qualified.startswith("torch.") and qualified.endswith("Tensor")):
        return TENSOR
    if qualified.startswith("numpy."):
        return NUMPY
    if qualified.startswith("numbers."):
        return HOST
    return knowledge.annotation_kind(qualified)  # a library class: `TensorDictBase`


def _instance_kind(node: ast.expr, shadowed: Callable[[str], bool],
                   instance_of: Callable[[str], Kind | None]) -> Kind | None:
    """An instance of the project class `node` names (`isinstance(metric, Metric)`)."""
    dotted = _dotted(node)
    if dotted is None or shadowed(dotted.partition(".")[0]):
        return None
    return instance_of(dotted)


def cuda_fallback(test: ast.expr, kind_of: Callable[[ast.expr], Kind]) -> dict[str, Kind]:
    """What holds after `if t.is_cuda:` whose body returns or raises: the rest of the
    function is the path the code wrote for tensors off CUDA, the CPU: `t` (and, for
    `xs[0].is_cuda`, the elements of `xs`) is a CPU tensor there."""
    if isinstance(test, ast.Attribute) and test.attr == "is_cuda":
        return _on_device(test.value, kind_of, True)[1]
    return {}


def _device_test(test: ast.Compare, kind_of: Callable[[ast.expr], Kind]) -> Narrowing:
    """`t.device.type == "cpu"` (or `!=`), `t.device == torch.device("cpu")`: `t` is a CPU
    tensor where the test says so, a device tensor where it says not. Of `xs[0]` it says
    the same of `xs`'s elements (`_on_device`)."""
    if len(test.ops) != 1 or not isinstance(test.ops[0], (ast.Eq, ast.NotEq)):
        return _NONE
    subject, other = test.left, test.comparators[0]
    if _is_cpu_literal(subject):
        subject, other = other, subject
    if not _is_cpu_literal(other):
        return _NONE
    if isinstance(subject, ast.Attribute) and subject.attr == "type":
        subject = subject.value
    if not (isinstance(subject, ast.Attribute) and subject.attr == "device"
            and isinstance(subject.value, (ast.Name, ast.Subscript))):
        return _NONE
    on_cpu = _on_device(subject.value, kind_of, False)
    if isinstance(test.ops[0], ast.Eq):
        return on_cpu[1], on_cpu[0]
    return on_cpu


def _on_device(subject: ast.expr, kind_of: Callable[[ast.expr], Kind],
               device: bool) -> Narrowing:
    """What a test that holds where `subject` is on a device (`device`: `t.is_cuda`) or
    not on the CPU (not `device`: `t.device.type != "cpu"`) says: a device tensor where it
    holds, a CPU tensor where it fails. Of `xs[0]` it says the same of `xs`'s elements."""
    current = kind_of(subject)
    if current not in TENSORS and current is not UNKNOWN:
        return _NONE  # `self.device.type` of a module or trainer: no tensor
    on = current if current in TENSORS and current is not HOST_TENSOR else TENSOR
    holds: dict[str, Kind]
    fails: dict[str, Kind]
    if isinstance(subject, ast.Name):
        holds, fails = {subject.id: on}, {subject.id: HOST_TENSOR}
    elif isinstance(subject, (ast.Subscript, ast.Attribute)):
        key = EXPRESSION + code_of(subject)
        holds, fails = {key: on}, {key: HOST_TENSOR}
    else:
        return _NONE
    if isinstance(subject, ast.Subscript) and isinstance(subject.value, ast.Name) and \
            isinstance(subject.slice, ast.Constant) and type(subject.slice.value) is int and \
            (isinstance(kind_of(subject.value), Seq) or kind_of(subject.value) is UNKNOWN):
        holds[subject.value.id] = Seq(on)
        fails[subject.value.id] = Seq(HOST_TENSOR)
    return holds, fails


def _is_cpu_literal(node: ast.expr) -> bool:
    """`"cpu"`, `torch.device("cpu")`."""
    if isinstance(node, ast.Constant):
        return node.value == "cpu"
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        dotted = _dotted(node.func) or ""
        return dotted.rsplit(".", 1)[-1] == "device" and _is_cpu_literal(node.args[0])
    return False
