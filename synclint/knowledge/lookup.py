"""Reading the library tables: the questions the model of the program asks about a call,
a method, an attribute, a subscript or a class that comes from a library.

Every answer is None when the tables say nothing, so that the inference keeps its own
reading. Library objects are `Instance(<class name>)` kinds whose class name has no ":"
(the project's own classes are keyed "module:Class"); a TensorDict moved to the CPU is
`Instance("tensordict.TensorDictBase@cpu")`, whose values are CPU tensors.
"""

from __future__ import annotations

import fnmatch
import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSORS,
    UNKNOWN,
    Instance,
    Kind,
    Seq,
    Tup,
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.knowledge import (
    accelerate,
    allennlp,
    avalanche,
    botorch,
    catalyst,
    d3rlpy,
    deepspeed,
    distributed,
    ema_pytorch,
    fairseq,
    fastai,
    gpytorch,
    host_data,
    ignite,
    kornia,
    lightning,
    mmdet,
    mmengine,
    pykeen,
    pyro,
    schnetpack,
    skrl,
    stable_baselines3,
    tensordict,
    tianshou,
    torch_geometric,
    torch_sim,
    torchmetrics,
    transformers,
)
from synclint.knowledge import torch as torch_table
from synclint.knowledge.schema import (
    ALL_METHODS,
    Call,
    Class,
    Follows,
    HostRole,
    Invoker,
    Library,
    Method,
    OnceRole,
    Registrar,
    Returns,
    Role,
    StateRegistrar,
)

#: Every table, torch first.
LIBRARIES: tuple[Library, ...] = (
    torch_table.LIBRARY, distributed.LIBRARY, tensordict.LIBRARY, transformers.LIBRARY,
    accelerate.LIBRARY, lightning.LIBRARY, torchmetrics.LIBRARY, ignite.LIBRARY,
    deepspeed.LIBRARY, stable_baselines3.LIBRARY, tianshou.LIBRARY, d3rlpy.LIBRARY,
    pyro.LIBRARY, kornia.LIBRARY, host_data.LIBRARY, host_data.MONAI,
    torch_geometric.LIBRARY, mmdet.LIBRARY, mmengine.LIBRARY, fastai.LIBRARY,
    avalanche.LIBRARY, pykeen.LIBRARY, gpytorch.LIBRARY, botorch.LIBRARY,
    schnetpack.LIBRARY, skrl.LIBRARY, torch_sim.LIBRARY, catalyst.LIBRARY, fairseq.LIBRARY,
    allennlp.LIBRARY, ema_pytorch.LIBRARY,
)
#: The suffix of a library class's CPU variant (a TensorDict moved to the host).
HOST_SUFFIX = "@cpu"

_ROOTS: dict[str, list[Library]] = {}
_CLASSES: dict[str, Class] = {}
_BY_LAST: dict[tuple[str, str], str] = {}
_CALLS: dict[str, Call] = {}
_CALLS_BY_LAST: dict[tuple[str, str], Call] = {}
_METHODS: dict[tuple[str, str], Method] = {}
_ATTRIBUTES: dict[tuple[str, str], Kind] = {}
_ROLES: dict[tuple[str, str], Role] = {}
_ONCE: dict[tuple[str, str], OnceRole] = {}
_HOST_ROLES: dict[tuple[str, str], HostRole] = {}
_HOST_PACKAGES: dict[str, str] = {}
_STATES: dict[tuple[str, str], StateRegistrar] = {}
#: (root package, class name) -> the table's class, for `Library.own_names`.
_OWN: dict[tuple[str, str], str] = {}
_HINTS: dict[str, list[tuple[frozenset[str], str]]] = {}
_PATTERNS: list[tuple[str, Library, str]] = []
_NOT_PATTERNS: dict[str, tuple[str, ...]] = {}
#: Bare class names -> the table classes they are (several libraries may claim one:
#: stable-baselines3 and tianshou both have an `OnPolicyAlgorithm`).
_BARE: dict[str, list[str]] = {}


def _root(qualified: str) -> str:
    return qualified.split(".", 1)[0]


def _last(qualified: str) -> str:
    return qualified.rsplit(".", 1)[-1]


def _index() -> None:
    for library in LIBRARIES:
        for root in library.roots:
            _ROOTS.setdefault(root, []).append(library)
        for cls in library.classes:
            _CLASSES[cls.name] = cls
            if not cls.name.endswith(HOST_SUFFIX):
                for root in library.roots:
                    _BY_LAST.setdefault((root, _last(cls.name)), cls.name)
            for hint in cls.hints:
                roots = frozenset((*library.roots, *cls.hint_roots))
                _HINTS.setdefault(hint, []).append((roots, cls.name))
        for call in library.calls:
            _CALLS[call.name] = call
            _CALLS_BY_LAST.setdefault((_root(call.name), _last(call.name)), call)
        for method in library.methods:
            _METHODS[(method.owner, method.name)] = method
        for attribute in library.attributes:
            _ATTRIBUTES[(attribute.owner, attribute.name)] = attribute.kind
        for role in library.roles:
            _ROLES[(role.owner, role.method)] = role
        for once in library.once:
            _ONCE[(once.owner, once.method)] = once
        for host_role in library.host_roles:
            _HOST_ROLES[(host_role.owner, host_role.method)] = host_role
        _HOST_PACKAGES.update(library.host_packages)
        for state in library.state_registrars:
            _STATES[(state.owner, state.method)] = state
        for bare in library.bare_names:
            _BARE.setdefault(bare, []).append(_BY_LAST[(library.roots[0], bare)])
        for root in library.roots if library.own_names else ():
            _OWN.update({(root, name): _BY_LAST[(library.roots[0], name)]
                         for name in library.own_names})
        for pattern, owner in library.class_patterns:
            _PATTERNS.append((pattern, library, owner))
        if library.not_patterns:
            _NOT_PATTERNS[library.name] = library.not_patterns


_index()


# -- classes ----------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def class_of(qualified: str) -> str | None:
    """The table's name of the library class `qualified` names (`transformers.trainer.
    Trainer` is `transformers.Trainer`; `torch.nn.Linear` is `torch.nn.Module`), or None."""
    if qualified in _CLASSES:
        return qualified
    base = torch_table.torch_base(qualified)
    if base is not None:
        return base
    if "." not in qualified:
        bare = _BARE.get(qualified)
        return bare[0] if bare else None
    root, last = _root(qualified), _last(qualified)
    found = _BY_LAST.get((root, last))
    if found is not None:
        return found
    for pattern, library, owner in _PATTERNS:
        if root in library.roots and _matches(qualified, pattern) and not any(
                _matches(qualified, p) for p in _NOT_PATTERNS.get(library.name, ())):
            return owner
    return None


def _matches(qualified: str, pattern: str) -> bool:
    """Whether a class name matches a table's pattern: its last part (`*ForCausalLM`), or
    with a dotted pattern its whole name, when the last part is a class's (capitalised):
    `pyro.distributions.*` takes `pyro.distributions.Normal`, not `enable_validation`."""
    last = _last(qualified)
    if "." not in pattern:
        return fnmatch.fnmatchcase(last, pattern)
    return last[:1].isupper() and fnmatch.fnmatchcase(qualified, pattern)


def lineage(owner: str) -> Iterator[str]:
    """`owner` and its library bases, nearest first; `torch.nn.Module` last for modules."""
    seen: set[str] = set()
    pending = [owner]
    module = False
    while pending:
        current = pending.pop(0)
        if current in seen:
            continue
        seen.add(current)
        yield current
        cls = _CLASSES.get(current)
        if cls is not None:
            module = module or cls.module
            pending.extend(cls.bases)
    if module and torch_table.MODULE_BASE not in seen:
        yield torch_table.MODULE_BASE


def owners_of(bases: Iterable[str]) -> tuple[str, ...]:
    """The library classes (and their bases) behind a class's external base names."""
    return _owners_of(tuple(bases))


@functools.lru_cache(maxsize=4096)
def _owners_of(bases: tuple[str, ...]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for base in bases:
        owner = class_of(base)
        if owner is None:
            continue
        bare = _BARE.get(base) if "." not in base and owner == _BARE.get(base, [""])[0] \
            else None
        for each in bare or (owner,):
            for name in lineage(each):
                found.setdefault(name, None)
    return tuple(found)


def own_class(module: str, name: str) -> str | None:
    """The table's class that a project class `name` of the module `module` is, when the
    module lies in the library's own package and the library lists the name in its
    `own_names` (avalanche's `Metric` in `avalanche.evaluation`), else None."""
    return _OWN.get((module.partition(".")[0], name))


def never_moved(bases: Iterable[str]) -> bool:
    """Whether a class deriving from these (qualified) bases is one whose instances the
    library never moves to a device (`Class.unmoved`)."""
    return any(_CLASSES[owner].unmoved for owner in owners_of(bases) if owner in _CLASSES)


def is_module(bases: Iterable[str]) -> bool:
    """Whether a class deriving from these (qualified) bases is an `nn.Module`."""
    return torch_table.MODULE_BASE in owners_of(bases)


def _find(owner: str, name: str, table: Mapping[tuple[str, str], object]) -> object | None:
    for candidate in lineage(owner):
        found = table.get((candidate, name))
        if found is not None:
            return found
    return None


def _host_variant(owner: str) -> tuple[str, bool]:
    if owner.endswith(HOST_SUFFIX):
        return owner[: -len(HOST_SUFFIX)], True
    return owner, False


def to_host(kind: Kind) -> Kind:
    """What `kind` is once its tensors are on the CPU (unknown values stay unknown)."""
    if kind in TENSORS:
        return HOST_TENSOR
    if isinstance(kind, Seq):
        return Seq(to_host(kind.elem))
    if isinstance(kind, Tup):
        return Tup(tuple(to_host(item) for item in kind.items))
    if isinstance(kind, MappingKind):
        return MappingKind(kind.key, to_host(kind.value))
    if isinstance(kind, Instance) and f"{kind.cls}{HOST_SUFFIX}" in _CLASSES:
        return Instance(kind.cls + HOST_SUFFIX)
    return kind


# -- calls ------------------------------------------------------------------------------
def knows_call(qualified: str) -> bool:
    """Whether the tables may say something about a call of `qualified` (cheap)."""
    root = _root(qualified)
    return root in _ROOTS and (root != "torch" or qualified in _CALLS)


def _call_entry(qualified: str) -> Call | None:
    found = _CALLS.get(qualified)
    if found is None and _root(qualified) != "torch":
        found = _CALLS_BY_LAST.get((_root(qualified), _last(qualified)))
    return found


def _returned(returns: Returns, receiver: Kind, args: Sequence[Kind]) -> Kind | None:
    found = _follows(returns, receiver, args)
    return _unplaced(found) if returns.places and found is not None else found


def _unplaced(kind: Kind) -> Kind:
    """What a call that may move `kind` to a device gives back: a loader of host batches
    gives batches of unknown device."""
    if kind == host_data.HOST_LOADER:
        # Still a loader, so that `self.loader = accelerator.prepare(self.loader)`
        # replaces the host loader assigned before it.
        return Seq(UNKNOWN)
    if isinstance(kind, Tup):
        return Tup(tuple(_unplaced(item) for item in kind.items))
    return kind


def _follows(returns: Returns, receiver: Kind, args: Sequence[Kind]) -> Kind | None:
    if returns.follows is Follows.RECEIVER:
        return receiver
    if returns.follows is Follows.ARGUMENT:
        if returns.argument < len(args):
            return args[returns.argument]
        return None
    if returns.follows is Follows.ARGUMENTS:
        if not args:
            return None
        return args[0] if len(args) == 1 else Tup(tuple(args))
    return returns.kind


def call_kind(qualified: str, args: Sequence[Kind], device: str | None = None,
              keywords: Iterable[str] = ()) -> Kind | None:
    """The kind a call of the library function or class `qualified` returns, given its
    positional arguments' kinds, its `device=` ("cpu", "other" or None: not given) and
    the names of its keyword arguments."""
    if _root(qualified) not in _ROOTS:
        return None
    call = _call_entry(qualified)
    if call is not None:
        if call.unless_keywords and not call.unless_keywords.isdisjoint(keywords):
            return UNKNOWN
        if call.from_values:
            return _from_values(call.returns.kind, args, device)
        return _returned(call.returns, UNKNOWN, args)
    owner_name, _, constructor = qualified.rpartition(".")
    owner = class_of(owner_name) if owner_name else None
    if owner is not None and constructor in ("from_pretrained", "from_config",
                                             "_from_config") and is_module((owner,)):
        return MODULE  # `AutoModelForCausalLM.from_pretrained(...)`
    cls = class_of(qualified)
    if cls is not None and _root(qualified) != "torch":
        return _instance_kind(cls)
    return None


def _instance_kind(cls: str) -> Kind:
    """What an instance of the library class `cls` is to the model: a module, a sequence
    of what iterating over it gives (a collector of TensorDicts), or an `Instance`."""
    if is_module((cls,)):
        return MODULE
    entry = _CLASSES.get(cls)
    if entry is not None and entry.element is not None and entry.item is None:
        return Seq(entry.element)
    return Instance(cls)


def _from_values(made: Kind, args: Sequence[Kind], device: str | None) -> Kind | None:
    if device == "cpu":
        return to_host(made)
    if device is not None:
        return made
    source = args[0] if args else UNKNOWN
    if isinstance(source, MappingKind):
        if source.value in DEVICE_TENSORS:
            return made
        if source.value is HOST_TENSOR:
            return to_host(made)
    return None


def call_syncs(qualified: str) -> str:
    """Why a call of a library function reads device values on the host ("" when it does
    not, or nothing is known)."""
    call = _call_entry(qualified) if _root(qualified) in _ROOTS else None
    return call.syncs if call is not None else ""


def run_setting(qualified: str) -> bool:
    """Whether a call of the library function `qualified` returns a setting of the run
    (`torch.distributed.get_world_size()`), the same on every step."""
    call = _call_entry(qualified) if _root(qualified) in _ROOTS else None
    return call is not None and call.run_setting


#: Qualified names of the library functions that read their tensor arguments on the host.
SYNC_CALLS = frozenset(call.name for library in LIBRARIES for call in library.calls
                       if call.syncs)


def method_kind(owner: str, method: str, receiver: Kind, args: Sequence[Kind]
                ) -> Kind | None:
    """The kind `<instance of owner>.method(args)` returns, or None."""
    base, host = _host_variant(owner)
    found = _find(base, method, _METHODS)
    if not isinstance(found, Method):
        return None
    kind = _returned(found.returns, receiver, args)
    return to_host(kind) if host and kind is not None and kind != receiver else kind


def method_syncs(owner: str, method: str) -> str:
    found = _find(_host_variant(owner)[0], method, _METHODS)
    return found.syncs if isinstance(found, Method) else ""


def attribute_kind(owner: str, attribute: str) -> Kind | None:
    """The kind of `<instance of owner>.attribute`, or None."""
    base, host = _host_variant(owner)
    found = _find(base, attribute, _ATTRIBUTES)
    if found is None:
        cls = _CLASSES.get(base)
        found = cls.other_attributes if cls is not None else None
    if found is None:
        return None
    kind: Kind = found  # type: ignore[assignment]
    return to_host(kind) if host else kind


def item_kind(owner: str, key: str | tuple[str, ...] | int | None,
              key_kind: Kind = UNKNOWN) -> Kind | None:
    """The kind of `instance[key]` (`key`: a literal string, a tuple of them, an int, or
    None when not a literal; `key_kind` its kind)."""
    base, host = _host_variant(owner)
    for name in lineage(base):
        cls = _CLASSES.get(name)
        if cls is None or cls.item is None:
            continue
        if cls.nested_keys and (isinstance(key, int) or key_kind in TENSORS):
            kind: Kind = Instance(base)  # a TensorDict indexed along its batch dimension
        elif isinstance(key, str) and key in cls.nested_keys:
            kind = Instance(base)
        elif isinstance(key, (str, tuple)) or not cls.nested_keys:
            kind = cls.item
        else:
            return None
        return to_host(kind) if host else kind
    return None


def called_kind(owner: str) -> Kind | None:
    """The kind calling an instance of `owner` gives (a module runs `forward`), or None."""
    for name in lineage(_host_variant(owner)[0]):
        cls = _CLASSES.get(name)
        if cls is not None and cls.called is not None:
            return cls.called
    return None


def output_field(attribute: str) -> Kind | None:
    """The kind of a model output's field `attribute` (`loss`, `logits`), or None: what an
    attribute a tensor does not have means on the result of calling a module."""
    return _ATTRIBUTES.get((transformers.OUTPUT, attribute))


#: Libraries that compute on NumPy arrays on the host: their objects, and whatever their
#: functions and methods return, are NumPy values (`scores, ids = index.search(q, k)` of a
#: FAISS index; `ids[0].item()` reads no device; a SciPy frozen distribution's
#: `entropy()`).
ARRAY_ROOTS = frozenset({"numpy", "scipy", "faiss", "usearch", "hnswlib"})


def annotation_kind(qualified: str) -> Kind | None:
    """The kind a parameter annotated with the library class `qualified` holds."""
    if _root(qualified) in ARRAY_ROOTS:
        return NUMPY
    if _root(qualified) == "torch":
        # torch's own classes are tensors, modules and optimizers (the inference knows
        # them); only a record whose fields differ in device is an instance.
        return Instance(host_data.PACKED) if class_of(qualified) == host_data.PACKED else None
    if _root(qualified) not in _ROOTS:
        return None
    cls = class_of(qualified)
    return _instance_kind(cls) if cls is not None else None


def instance_test(qualified: str) -> Kind | None:
    """What the library predicate `qualified` proves of its one argument where it holds
    (`tensordict.is_tensor_collection(v)`: a TensorDict), or None."""
    if _root(qualified) != "tensordict":
        return None
    cls = tensordict.INSTANCE_TESTS.get(_last(qualified))
    return _instance_kind(cls) if cls is not None else None


def hinted_owner(name: str, roots: Iterable[str]) -> str | None:
    """The library class a receiver called `name` is an instance of, in a file importing
    the top-level packages `roots` (`accelerator` with accelerate imported), or None."""
    found = _HINTS.get(name)
    if not found:
        return None
    imported = set(roots)
    for hint_roots, owner in found:
        if hint_roots & imported:
            return owner
    return None


def returned_tensors(value: str) -> Kind | None:
    """What a call with `return_tensors=value` gives (`value`: the literal, or the
    qualified name of an enum member: `transformers.TensorType.PYTORCH`)."""
    found = transformers.RETURN_TENSORS.get(value)
    if found is None and "." in value:
        root, last_two = _root(value), ".".join(value.rsplit(".", 2)[-2:])
        found = transformers.RETURN_TENSORS.get(f"{root}.{last_two}")
    return found


# -- roles ------------------------------------------------------------------------------
def step_role(method: str, bases: Iterable[str]) -> Role | None:
    """The per-step role of `method` in a class deriving from the qualified `bases`."""
    for owner in owners_of(bases):
        found = _ROLES.get((owner, method))
        if found is not None:
            return found
    return None


def once_role(method: str, bases: Iterable[str]) -> OnceRole | None:
    """The once-per-run role of `method` in a class deriving from `bases` (setup code)."""
    for owner in owners_of(bases):
        found = _ONCE.get((owner, method))
        if found is not None:
            return found
    return None


def host_role(method: str, bases: Iterable[str]) -> HostRole | None:
    """The data-loading role of `method` in a class deriving from `bases` (a dataset's
    `__getitem__`: it runs on the host, in a loader worker; any method of a
    torch_geometric dataset)."""
    for owner in owners_of(bases):
        found = _HOST_ROLES.get((owner, method)) or _HOST_ROLES.get((owner, ALL_METHODS))
        if found is not None:
            return found
    return None


def host_package(module: str) -> str | None:
    """Why the code of the module `module` (a dotted name) builds data on the host, by
    the library package it is in (`pykeen.triples.analysis`), or None."""
    parts = module.split(".")
    for end in range(len(parts) - 1, 0, -1):
        found = _HOST_PACKAGES.get(".".join(parts[:end]))
        if found is not None:
            return found
    return None


def is_loader(bases: Iterable[str]) -> bool:
    """Whether a class deriving from these (qualified) bases is a torch DataLoader."""
    return host_data.LOADER in owners_of(bases)


#: Method names some library runs on the host to build data (a cheap test first; with
#: `ALL_METHODS` in it, any name may be one).
HOST_ROLE_NAMES = frozenset(method for _, method in _HOST_ROLES)
#: Method names some library runs once per fit or run, whatever the class.
ONCE_NAMES = frozenset(method for _, method in _ONCE)
#: Method names some library runs per step (a cheap test before `step_role`).
ROLE_NAMES = frozenset(method for _, method in _ROLES)
#: Receiver names some table hints at (`accelerator`, `env`).
HINT_NAMES = frozenset(_HINTS)
#: Attribute names some table declares (a cheap test before `attribute_kind`).
ATTRIBUTE_NAMES = frozenset(name for _, name in _ATTRIBUTES)


#: Methods that register per-instance state in some library class (`add_state`).
STATE_NAMES = frozenset(method for _, method in _STATES)


def state_registrar(method: str, bases: Iterable[str]) -> StateRegistrar | None:
    """`self.register_buffer(...)`, `self.add_state(...)` in a class deriving from `bases`."""
    for owner in owners_of(bases):
        found = _STATES.get((owner, method))
        if found is not None:
            return found
    return None


#: Registrations of callables the framework then runs per step, by name.
REGISTRARS: Mapping[str, Registrar] = {
    registrar.name.rsplit(".", 1)[-1] if registrar.qualified else registrar.name: registrar
    for library in LIBRARIES for registrar in library.registrars
}


def registrar(name: str, qualified: str | None) -> Registrar | None:
    """The registration a call `....name(...)` (or of the qualified function or class) is,
    or None."""
    found = REGISTRARS.get(name)
    if found is None:
        return None
    if found.qualified and qualified is not None and class_of(qualified) != class_of(found.name):
        return None
    if found.qualified and qualified is None:
        return None
    return found


#: Calls that call a callable they are given now, by name (`Invoker`).
INVOKERS: Mapping[str, Invoker] = {
    invoker.name.rsplit(".", 1)[-1]: invoker
    for library in LIBRARIES for invoker in library.invokers
}


def invoker(name: str, qualified: str | None) -> Invoker | None:
    """The invoker a call `....name(...)` (or of the qualified function) is, or None."""
    found = INVOKERS.get(name)
    if found is None or (found.qualified and qualified != found.name):
        return None
    return found


def per_step_event(event: str | None, called: bool) -> bool:
    """Whether an event (its last name: `ITERATION_COMPLETED`) fires per step; one called
    with arguments (`ITERATION_COMPLETED(every=100)`) is periodic."""
    return event is not None and not called and any(
        event in r.events for r in REGISTRARS.values())
