"""What values coming out of libraries are, for the model's evaluation of a function
(`synclint/model/`): the one place it asks the knowledge base (`synclint.knowledge`) about
a call, a method, an attribute, a subscript or an annotation.

The questions are asked with kinds the evaluation already computed; the small readers at
the bottom take the `ast` syntax apart (a literal key, a receiver's name, a `device=`
argument).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence

from synclint import knowledge
from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST_TENSOR,
    MODULE,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Instance,
    Kind,
    Mapping,
    Seq,
    Tup,
)
from synclint.knowledge.tensordict import TD as TENSORDICT
from synclint.knowledge.torch import MODULE_BASE, NAMED_FIELDS
from synclint.model.syntax import _dotted as _ast_dotted

#: A literal subscript key: a string, a tuple of strings (a nested TensorDict key), an int.
Key = str | tuple[str, ...] | int | None


def library_owner(kind: Kind) -> str | None:
    """The library class of a value (`Instance` of a name without ":"), or None."""
    if isinstance(kind, Instance) and ":" not in kind.cls:
        return kind.cls
    return None


def _owners(receiver: Kind, name: str | None, self_bases: Sequence[str],
            roots: Iterable[str]) -> tuple[str, ...]:
    owner = library_owner(receiver)
    if owner is not None:
        return (owner,)
    if name == "self" and self_bases:
        return knowledge.owners_of(self_bases)
    if receiver is MODULE:
        return (MODULE_BASE,)
    if receiver is UNKNOWN and name is not None:
        hinted = knowledge.hinted_owner(name, roots)
        if hinted is not None:
            return (hinted,)
    return ()


# -- the questions, on kinds ----------------------------------------------------------------
#: Positional argument kinds, computed only when a table entry needs them.
Arguments = Callable[[], Sequence[Kind]]


def call_result(qualified: str, args: Arguments, device: Callable[[], str | None],
                keywords: Iterable[str] = ()) -> Kind | None:
    """`qualified(args...)`: a library function or class (`keywords`: the names of its
    keyword arguments)."""
    if not knowledge.knows_call(qualified):
        return None
    return knowledge.call_kind(qualified, args(), device(), keywords)


def method_result(receiver: Kind, method: str, args: Arguments, *, name: str | None,
                  self_bases: Sequence[str] = (), roots: Iterable[str] = (),
                  key: Key = None) -> Kind | None:
    """`receiver.method(args...)` where the receiver is a library object: one the kinds
    say (`Instance`), `self` in a class deriving from library classes, a module, or an
    unknown value whose name says what it is (`accelerator`). `key`: the literal first
    argument of `get` / `pop`, which read an item (`td.get("is_init")`)."""
    if not (isinstance(receiver, Instance) or receiver is MODULE or (
            name is not None and (name in knowledge.HINT_NAMES or (
                name == "self" and self_bases)))):
        return None  # cheap: most receivers are no library object
    owners = _owners(receiver, name, self_bases, roots)
    if not owners:
        return None
    arguments = args()
    if method in ("get", "pop") and arguments and (owner := library_owner(receiver)):
        item = knowledge.item_kind(owner, key, arguments[0])
        if item is not None:
            return item
    for owner in owners:
        found = knowledge.method_kind(owner, method, receiver, arguments)
        if found is not None:
            return found
    return None


def attribute_result(base: Kind, attribute: str, *, name: str | None,
                     self_bases: Sequence[str] = (), roots: Iterable[str] = ()) -> Kind | None:
    """`base.attribute`: a field of a torch result's named tuple (`.values`, `.indices`),
    a model output's field read off the result of calling a module (`outputs.loss`), or an
    attribute a library class declares."""
    if base in TENSORS:
        if attribute in NAMED_FIELDS:
            if base is HOST_TENSOR:
                return HOST_TENSOR
            return base if attribute == "values" else TENSOR
        field = knowledge.output_field(attribute)
        if field is not None:
            return knowledge.to_host(field) if base is HOST_TENSOR else field
        return None
    if attribute not in knowledge.ATTRIBUTE_NAMES and not isinstance(base, Instance):
        return None  # cheap: no table declares it (an instance may have catch-all fields)
    for owner in _owners(base, name, self_bases, roots):
        found = knowledge.attribute_kind(owner, attribute)
        if found is not None:
            return found
    return None


def item_result(base: Kind, key: Key, key_kind: Kind) -> Kind | None:
    """`base[key]` of a library object (a TensorDict, a model output)."""
    owner = library_owner(base)
    return knowledge.item_kind(owner, key, key_kind) if owner is not None else None


def called_result(func: Kind, args: Sequence[Kind], *, name: str | None = None,
                  roots: Iterable[str] = ()) -> Kind | None:
    """Calling a value: a library object (a DeepSpeed engine runs its module's forward, a
    `stopping_criteria` list gives a bool tensor), or a module or another callable given a
    TensorDict (TorchRL's policies and modules give the TensorDict back: `td = policy(td)`)."""
    owner = library_owner(func)
    if owner is None and func is UNKNOWN and name in knowledge.HINT_NAMES:
        owner = knowledge.hinted_owner(name, roots)
    if owner is not None:
        return knowledge.called_kind(owner)
    if func is MODULE or func is UNKNOWN:
        if args and args[0] == TENSORDICT:
            return args[0]
    return None


def calls_tensordicts(roots: Iterable[str]) -> bool:
    """Whether a file imports tensordict or TorchRL, where an unknown callable given a
    TensorDict gives one back."""
    return not TENSORDICT_ROOTS.isdisjoint(roots)


TENSORDICT_ROOTS = frozenset({"tensordict", "torchrl"})


def get_with_default(receiver: Kind, default: Kind) -> Kind | None:
    """`d.get(key, default)`: a device tensor default says what the values are when the
    mapping's values are not known (`outputs.get("aux_loss", torch.zeros((), device=d))`)."""
    if default not in DEVICE_TENSORS:
        return None
    if receiver is UNKNOWN or (isinstance(receiver, Mapping) and receiver.value is UNKNOWN):
        return default
    if receiver is TENSOR:
        # A tensor has no `get`: what a module call gives (`model(batch)`, read as a
        # tensor) is here its output mapping.
        return default
    return None


def union(kinds: Sequence[Kind]) -> Kind | None:
    """A `Union` of a tensor and sequences or tuples of tensors (`Union[Tensor,
    Tuple[Tensor, Tensor]]`): either way its items and elements are tensors, and it is
    not itself a sure tensor. None for other unions."""
    tensors = [k for k in kinds if k in DEVICE_TENSORS]
    if not tensors or len(tensors) == len(kinds):
        return None
    for kind in kinds:
        if kind in DEVICE_TENSORS:
            continue
        items = kind.items if isinstance(kind, Tup) else (kind.elem,) if isinstance(
            kind, Seq) else None
        if not items or not all(item in DEVICE_TENSORS for item in items):
            return None
    return Seq(TENSOR)


# -- reading the syntax: ast -----------------------------------------------------------------
def ast_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def ast_call_key(node: ast.Call) -> Key:
    return _ast_literal(node.args[0]) if node.args else None


def ast_key(node: ast.Subscript) -> Key:
    return _ast_literal(node.slice)


def _ast_literal(value: ast.expr) -> Key:
    if isinstance(value, ast.Constant) and isinstance(value.value, (str, int)) and \
            not isinstance(value.value, bool):
        return value.value
    if isinstance(value, ast.Tuple):
        parts = [_ast_literal(e) for e in value.elts]
        if parts and all(isinstance(p, str) for p in parts):
            return tuple(p for p in parts if isinstance(p, str))
    return None


def ast_device(node: ast.Call, is_cpu: Callable[[ast.expr], bool]) -> str | None:
    for keyword in node.keywords:
        if keyword.arg == "device":
            return "cpu" if is_cpu(keyword.value) else "other"
    return None


def ast_return_tensors(node: ast.Call, qualified: Callable[[str], str]) -> Kind | None:
    for keyword in node.keywords:
        if keyword.arg == "return_tensors":
            value = keyword.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return knowledge.returned_tensors(value.value)
            dotted = _ast_dotted(value)
            return knowledge.returned_tensors(qualified(dotted)) if dotted else None
    return None


def roots_of(imports: Iterable[str]) -> frozenset[str]:
    """The top-level packages of a module's imports (their absolute dotted targets)."""
    return frozenset(target.split(".", 1)[0] for target in imports)
