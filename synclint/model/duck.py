"""Duck-typed parameters: an unannotated parameter known by the attributes it is read with.

    def get_pairs(kg, r):                       # `kg` is unannotated
        mask = kg.relations == r                # `relations`, `head_idx`, `tail_idx`:
        ... kg.head_idx[mask] ... kg.tail_idx   #   only `KnowledgeGraph` has all three

Where the attributes a function reads of an unannotated parameter (two or more, none of
them a tensor's) are all found on the same few project classes (1 to `MAX_CANDIDATES`:
assigned by one of their methods, or a method's name, through their bases), none of which
moves its tensors (no `to`, `cuda`, `device` of its own, no library base but a data set's:
torchdrug's graphs move to the GPU whole), and every one of those classes holds the
attribute read as a host value (a CPU tensor, a NumPy array, a number), the read gives that
host value (torchkge's graph utilities, fresh11 F1). Any
other answer leaves the read as it was: the facts only ever make a value host, never a
device tensor where it was unknown.

The candidates depend on the project's text alone: the function's own (`uses`, kept with
each recorded evaluation, so that a warm run checks them against the classes it has now:
`index_cache.Reads.duck_uses`) and every class's (`_members`). The project's evaluation
finds them (`Flow.ducks`) and keeps them in the function's summary (`Summary.ducks`), which
a file's view reads, so that every entry point evaluates the function alike.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from synclint.analysis.kinds import HOST_VALUES, UNKNOWN, Kind, join_all
from synclint.knowledge.torch import (
    HOST_ATTRIBUTES,
    HOST_METHODS,
    NAMED_FIELDS,
    SYNC_METHODS,
    TENSOR_ATTRIBUTES,
    TORCH_ONLY_METHODS,
    WEAK_TENSOR_METHODS,
)
from synclint.model.sketch import Sketch
from synclint.model.syntax import own_nodes

if TYPE_CHECKING:
    from synclint.model.flow import Flow, Model
    from synclint.model.index import _Function
    from synclint.model.project import Project
    from synclint.model.summaries import Summary

#: Parameter -> the attributes the function reads of it (`uses`).
Uses = tuple[tuple[str, tuple[str, ...]], ...]
#: Parameter -> the project classes that have every one of those attributes.
Ducks = tuple[tuple[str, tuple[str, ...]], ...]
#: At most this many classes may share the attributes: more says nothing of the value.
MAX_CANDIDATES = 3
#: Names a tensor (or a NumPy array) has: a parameter read with one may be a tensor.
_TENSOR_NAMES = frozenset().union(
    HOST_ATTRIBUTES, HOST_METHODS, NAMED_FIELDS, SYNC_METHODS, TENSOR_ATTRIBUTES,
    TORCH_ONLY_METHODS, WEAK_TENSOR_METHODS)


def uses(function: _Function) -> Uses:
    """For each unannotated parameter of `function` (not `self`, not rebound in its body)
    read with two or more attributes, none of them a tensor's: those attributes. Its text
    alone decides (kept on the function for the run)."""
    if function.duck_uses is not None:
        return function.duck_uses
    node = function.definition
    if node is None:
        return ()  # a cached function: its recorded evaluation gives them (`index_cache`)
    args = node.args
    params = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
              if a.annotation is None and a.arg not in ("self", "cls")]
    if function.sketch != Sketch():  # its text's dotted heads, where known: a cheap filter
        params = [name for name in params if name in function.sketch.heads]
    used: dict[str, set[str]] = {name: set() for name in params}
    rebound: set[str] = set()
    for child in own_nodes(node.body) if params else ():
        if isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and \
                child.value.id in used:
            used[child.value.id].add(child.attr)
        elif isinstance(child, ast.Name) and child.id in used and \
                not isinstance(child.ctx, ast.Load):
            rebound.add(child.id)
    function.duck_uses = tuple(
        (name, tuple(sorted(used[name]))) for name in params
        if name not in rebound and len(used[name]) >= 2 and used[name].isdisjoint(_TENSOR_NAMES))
    return function.duck_uses


def candidates(project: Project, found: Uses) -> Ducks:
    """Per parameter of `found` (`uses`), the project classes having all its attributes,
    where there are 1 to `MAX_CANDIDATES` of them (once per run for each `found`)."""
    if not found:
        return ()
    members = _members(project)
    answer = members.answers.get(found)
    if answer is None:
        ducks: list[tuple[str, tuple[str, ...]]] = []
        for name, attributes in found:
            having = frozenset.intersection(
                *(members.having.get(attribute, frozenset()) for attribute in attributes))
            if 0 < len(having) <= MAX_CANDIDATES and not any(
                    _movable(project, key) for key in having):
                ducks.append((name, tuple(sorted(having))))
        answer = members.answers[found] = tuple(ducks)
    return answer


#: Methods of a container that moves its tensors (`graph.cuda()`, `batch.to(device)`):
#: where its attributes were built says nothing of where they are when read.
_MOVERS = frozenset({"to", "cuda", "cpu", "device", "pin_memory", "to_device", "apply"})
#: Library bases that move nothing of their subclasses' attributes.
_STILL_BASES = frozenset({"Dataset", "IterableDataset", "ABC", "Generic", "Protocol",
                          "object"})


def _movable(project: Project, key: str) -> bool:
    """Whether instances of the project class `key` may move their tensors: it (or a
    base) has a method that moves them (torchdrug's `Graph.cuda`), or a library base other
    than a data set's (an `nn.Module`, torch_geometric's `Data`)."""
    return any(not _MOVERS.isdisjoint(cls.methods) or any(
        base.rpartition(".")[2] not in _STILL_BASES for base in cls.external)
        for cls in project._mro(key))


class _Found(dict[str, tuple[str, ...]]):
    """`Flow.ducks` while the project is solved: found at the first read that asks (most
    evaluations never read an attribute of a parameter of unknown kind, and then their
    function's candidates do not matter: `Summary.ducks` stays empty)."""

    def __init__(self, project: Project, function: _Function) -> None:
        super().__init__()
        self._source: tuple[Project, _Function] | None = (project, function)

    def get(self, name: str, default: Any = None) -> Any:
        if self._source is not None:
            project, function = self._source
            self._source = None
            self.update(candidates(project, uses(function)))
        return super().get(name, default)


def ducks_of(project: Project | Model, function: _Function,
             summary: Summary | None) -> dict[str, tuple[str, ...]]:
    """`Flow.ducks`: found from the project while it is solved (`_Found`), read from the
    function's summary in a file's view (which lacks the other classes' methods)."""
    if isinstance(project.functions, dict):
        return _Found(project, function)  # type: ignore[arg-type]
    return dict(summary.ducks) if summary is not None else {}


@dataclass
class Members:
    """Per name, the project classes whose instances have it (their methods and the
    attributes some method assigns, `_Function.assigns`, their project bases' included),
    and the answers of `candidates` found so far in this run."""

    having: dict[str, frozenset[str]]
    answers: dict[Uses, Ducks] = field(default_factory=dict)


def _members(project: Project) -> Members:
    if project.duck_members is None:
        own: dict[str, set[str]] = {}
        for key, cls in project.classes.items():
            names = own[key] = set(cls.methods)
            for method in cls.methods.values():
                function = project.functions.get(method)
                if function is not None:
                    names.update(function.assigns)
        having: dict[str, set[str]] = {}
        for key in project.classes:
            for name in frozenset().union(*(own.get(c.key, ()) for c in project._mro(key))):
                having.setdefault(name, set()).add(key)
        project.duck_members = Members({name: frozenset(keys) for name, keys in having.items()})
    return project.duck_members


def duck_attribute(flow: Flow, node: ast.Attribute, base: Kind) -> Kind | None:
    """`name.attr` of a duck-typed parameter `name` (`Flow.ducks`) of no kind known
    (`base`): the host value every candidate class holds there, else None (the read as
    before: `kg.relations` in the module's docstring)."""
    name, attr = node.value, node.attr
    having = flow.ducks.get(name.id) if isinstance(name, ast.Name) and base is UNKNOWN \
        else None
    if having is None:
        return None
    kinds: list[Kind] = []
    for key in having:
        flow.attribute_reads.add(key)  # evaluated again when its attributes change
        kind = next((k for k in (c.attributes.get(attr) for c in flow.project._mro(key))
                     if k is not None), None)
        if kind is None:
            flow.missing_reads.add((key, attr))
            return None
        kinds.append(kind)
    joined = join_all(kinds)
    return joined if joined in HOST_VALUES else None
