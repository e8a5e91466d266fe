"""What the analysis knows about a value: a tensor (and where), a host value, a container."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Simple(enum.Enum):
    """Kinds without structure."""

    UNKNOWN = "unknown"
    TENSOR = "tensor"  # a tensor that may live on an accelerator
    BOOL_TENSOR = "bool-tensor"  # a boolean tensor (mask) that may live on an accelerator
    F64_TENSOR = "f64-tensor"  # a float64 tensor: squared sums cannot overflow
    HOST_TENSOR = "host-tensor"  # a tensor known to be on the CPU (after .cpu(), from_numpy)
    NUMPY = "numpy"
    HOST = "host"  # a Python number, str, bool, None, torch.Size, dtype, device ...
    MODULE = "module"  # an nn.Module


@dataclass(frozen=True)
class Seq:
    """A list, tuple of unknown length, generator or other iterable of `elem`."""

    elem: Kind


@dataclass(frozen=True)
class Tup:
    """A tuple of known length (what `named_parameters()` yields, for example)."""

    items: tuple[Kind, ...]


@dataclass(frozen=True)
class Mapping:
    """A dict-like value: `state_dict()` is Mapping(HOST, TENSOR)."""

    key: Kind
    value: Kind


@dataclass(frozen=True)
class Func:
    """A function of this module whose return kind is known from its annotation."""

    returns: Kind


@dataclass(frozen=True)
class Instance:
    """An object of a class of the project (`cls`, its index key: "pkg.mod:Scheduler"),
    known from a parameter's annotation: its attributes and methods are that class's."""

    cls: str


Kind = Simple | Seq | Tup | Mapping | Func | Instance

UNKNOWN = Simple.UNKNOWN
TENSOR = Simple.TENSOR
BOOL_TENSOR = Simple.BOOL_TENSOR
F64_TENSOR = Simple.F64_TENSOR
HOST_TENSOR = Simple.HOST_TENSOR
NUMPY = Simple.NUMPY
HOST = Simple.HOST
MODULE = Simple.MODULE

#: Tensors whose host read would synchronise with an accelerator.
DEVICE_TENSORS = frozenset({TENSOR, BOOL_TENSOR, F64_TENSOR})
#: Every tensor kind, host or device.
TENSORS = DEVICE_TENSORS | {HOST_TENSOR}
#: Kinds of values known to live on the host (a Python value, a CPU tensor, an array).
HOST_VALUES = frozenset({HOST, HOST_TENSOR, NUMPY})


def is_device_tensor(kind: Kind) -> bool:
    return kind in DEVICE_TENSORS


def is_tensor(kind: Kind) -> bool:
    return kind in TENSORS


def elem_of(kind: Kind) -> Kind:
    """The kind of the values that iterating over `kind` yields."""
    if isinstance(kind, Seq):
        return kind.elem
    if isinstance(kind, Mapping):
        return kind.key
    if isinstance(kind, Tup):
        return join_all(kind.items)
    if kind in DEVICE_TENSORS:
        # Iterating over a tensor yields its sub-tensors (a mask's rows are masks).
        return kind
    if kind is HOST_TENSOR:
        return HOST_TENSOR
    if kind is NUMPY:
        return NUMPY
    if kind is HOST:
        # `for n in lengths.tolist()`, `for d in x.shape`: host values yield host values.
        return HOST
    return UNKNOWN


def item_of(kind: Kind, index: int | None) -> Kind:
    """The kind of `value[index]` (index None when not a literal integer)."""
    if isinstance(kind, Tup):
        if index is not None:
            # Past the end: what we know of the tuple is wrong (a stale annotation).
            in_range = -len(kind.items) <= index < len(kind.items)
            return kind.items[index] if in_range else UNKNOWN
        return join_all(kind.items)
    if isinstance(kind, Seq):
        return kind.elem
    if isinstance(kind, Mapping):
        return kind.value
    if kind in TENSORS or kind is NUMPY:
        return kind
    if kind is HOST:
        return HOST
    return UNKNOWN


def on_host(kind: Kind) -> Kind:
    """What a function that computes `kind` from one argument returns when that argument
    is a CPU tensor: tensors and unknown values made from it are CPU tensors too."""
    if kind in TENSORS or kind is UNKNOWN:
        return HOST_TENSOR
    if isinstance(kind, Tup):
        return Tup(tuple(on_host(item) for item in kind.items))
    return kind


def join(a: Kind, b: Kind) -> Kind:
    """The kind of a value that is either `a` or `b`."""
    if a == b:
        return a
    if a in DEVICE_TENSORS and b in DEVICE_TENSORS:
        return TENSOR
    if isinstance(a, Seq) and isinstance(b, Seq):
        return Seq(join(a.elem, b.elem))
    if HOST_TENSOR in (a, b) and Seq(HOST_TENSOR) in (a, b):
        # `masks = masks[0]` on one branch only: a CPU tensor or a list of CPU tensors.
        # Both iterate, index and stack to CPU tensors, and neither is ever a sync.
        return Seq(HOST_TENSOR)
    if MODULE in (a, b) and (isinstance(a, Instance) or isinstance(b, Instance)):
        # `self.crit = MixLoss(n).to(device)` on one branch, `nn.NLLLoss(w)` on the
        # other: an object called as a module (`.to()` keeps a project module's class).
        return MODULE
    return UNKNOWN


def join_all(kinds: tuple[Kind, ...] | list[Kind]) -> Kind:
    if not kinds:
        return UNKNOWN
    result = kinds[0]
    for kind in kinds[1:]:
        result = join(result, kind)
    return result


def merge(a: Kind, b: Kind) -> Kind:
    """The kind of a name that two paths of code reach with kinds `a` and `b` (the two
    branches of an `if`).

    A value is a tensor after the join only if every path made it one: a tensor on one
    branch and an int, a list, a CPU tensor or an unknown value on the other is only
    *maybe* a tensor (UNKNOWN), which no rule reports as a sure sync. (Placeholders such
    as `x = None` are left out before this is asked: see `Env.merge_paths`.)
    """
    return join(a, b)


class Branch:
    """What visiting one branch of an `if` did to the names of its scope."""

    __slots__ = ("depth", "rebound", "proved")

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.rebound: set[str] = set()
        self.proved: set[str] = set()


def close_branch(branches: list[Branch]) -> Branch:
    """End the innermost branch frame of `branches`; the enclosing branch inherits what it
    rebound, and what it proved of values the enclosing branch had not rebound yet."""
    frame = branches.pop()
    if branches:
        outer = branches[-1]
        outer.proved.update(frame.proved - outer.rebound)
        outer.rebound.update(frame.rebound)
    return frame


def proved_kinds(name: str, a: Kind, b: Kind, branches: tuple[Branch, Branch]
                 ) -> tuple[Kind, Kind]:
    """`a` and `b`, with the unknown one made a tensor when it is the value the other
    path's tensor op applied to: that path proved `name`, this one never rebound it."""
    first, second = branches
    if b is UNKNOWN and a in DEVICE_TENSORS and name in first.proved and \
            name not in second.rebound:
        return a, TENSOR
    if a is UNKNOWN and b in DEVICE_TENSORS and name in second.proved and \
            name not in first.rebound:
        return TENSOR, b
    return a, b
