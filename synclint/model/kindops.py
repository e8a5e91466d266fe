"""Operations on kinds the whole-program evaluation needs beyond `analysis.kinds`:
bounds that keep the fixed point finite, and how values combine."""

from __future__ import annotations

from collections.abc import Container

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    NUMPY,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Instance,
    Kind,
    Seq,
    Simple,
    Tup,
    elem_of,
    join,
)
from synclint.analysis.kinds import Mapping as MappingKind


def argument_syncs(kind: Kind, strength: str) -> str | None:
    """Whether an argument of `kind` makes a parameter effect of `strength` happen:
    "high", "likely" or None. A list or tuple of tensors (`torch.cat(ts)` in the callee)
    is judged by its elements, a mapping by its values (`out["loss"].item()`)."""
    if isinstance(kind, Tup) and any(item in DEVICE_TENSORS for item in kind.items):
        return "high"
    if isinstance(kind, (Seq, Tup)):
        kind = elem_of(kind)
    elif isinstance(kind, MappingKind):
        kind = kind.value  # `out["loss"].item()` in the callee of a dict of tensors
    if kind in DEVICE_TENSORS:
        return "high"
    if kind is UNKNOWN and strength == "tensor":
        return "likely"
    # `.item()` on an unknown argument: state-dict conversion and config code call such
    # helpers with CPU tensors or NumPy values; only a proven device tensor counts.
    return None

def holds_tensors(kind: Kind) -> bool:
    """Whether `kind` is a tensor, or a container that holds one."""
    if isinstance(kind, Simple):
        return kind in TENSORS
    if isinstance(kind, Seq):
        return holds_tensors(kind.elem)
    if isinstance(kind, Tup):
        return any(holds_tensors(item) for item in kind.items)
    if isinstance(kind, MappingKind):
        return holds_tensors(kind.value)
    return False

def _on_host_where_proved(declared: Kind, inferred: Kind,
                          classes: Container[str] = frozenset()) -> Kind:
    """A return annotation, except where the code proves a CPU tensor: `torch.Tensor` in an
    annotation says what the value is, not where it lives. Where the code proves a NumPy
    array (`ids: torch.LongTensor = np.zeros(n)`), the annotation is wrong: NumPy. Where
    the annotation says nothing (a tuple's `dict` in `-> tuple[dict, Trainer]`) or names a
    project class (one of `classes`) the body returns an instance of (a subclass, say), the
    body's kind. A library class the annotation names (`-> BaseModelOutput` inside
    transformers: its model outputs hold tensors) says more than the project class of the
    same name, whose fields no method assigns: the annotation."""
    if declared is UNKNOWN or (isinstance(declared, Instance) and isinstance(inferred, Instance)
                               and declared.cls in classes):
        return inferred
    if declared in TENSORS and inferred in (HOST_TENSOR, NUMPY):
        return inferred
    if isinstance(declared, Tup) and isinstance(inferred, Tup) and \
            len(declared.items) == len(inferred.items):
        return Tup(tuple(_on_host_where_proved(d, i, classes)
                         for d, i in zip(declared.items, inferred.items)))
    if isinstance(declared, Seq) and isinstance(inferred, Seq):
        return Seq(_on_host_where_proved(declared.elem, inferred.elem, classes))
    if isinstance(declared, MappingKind) and isinstance(inferred, MappingKind):
        # `-> dict[str, tuple[Tensor, bool]]` over a dict display of `torch.linspace(...)`
        # tables: the annotation gives the values' kind, the body their (host) device.
        return MappingKind(_on_host_where_proved(declared.key, inferred.key, classes),
                           _on_host_where_proved(declared.value, inferred.value, classes))
    return declared

MAX_KIND_DEPTH = 3


def _bounded(kind: Kind, depth: int = 0) -> Kind:
    if depth >= MAX_KIND_DEPTH:
        return UNKNOWN if isinstance(kind, (Seq, Tup, MappingKind)) else kind
    if isinstance(kind, Seq):
        return Seq(_bounded(kind.elem, depth + 1))
    if isinstance(kind, Tup):
        return Tup(tuple(_bounded(item, depth + 1) for item in kind.items[:8]))
    if isinstance(kind, MappingKind):
        return MappingKind(_bounded(kind.key, depth + 1), _bounded(kind.value, depth + 1))
    return kind


def _join_attribute(old: Kind, new: Kind) -> Kind:
    """Attributes: a tensor that is sometimes on the host and sometimes not may be on the
    device (a buffer moved with the module, a CPU zero replaced by a device sum)."""
    if old == new:
        return old
    if old in TENSORS and new in TENSORS:
        return TENSOR
    return join(old, new)


def zip_star(kind: Kind) -> Kind | None:
    """What `zip(*x)` yields for `x` of `kind` where that is a host value (a CPU tensor's
    rows, a list of numbers) or a tuple of host values or tensors (`zip(*score.cpu().
    sort())`, `zip(*logp.topk(k))`: fresh17 M4): tuples of their items, each where its
    tensor lives; None for anything else."""
    if kind in (HOST, NUMPY) or kind in TENSORS:
        # A tensor's rows, or a `topk`/`sort` result (whose kind is its values'): their
        # items are sub-tensors where it lives.
        return Seq(Seq(kind))
    if isinstance(kind, Tup) and kind.items and \
            all(item in (HOST, NUMPY) or item in TENSORS for item in kind.items):
        return Seq(Tup(tuple(elem_of(item) for item in kind.items)))
    return None
