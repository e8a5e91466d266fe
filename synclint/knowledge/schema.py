"""The types of the library tables: what a call returns, which methods run per step, which
calls read device values on the host.

Every library module (`accelerate.py`, `lightning.py` ...) declares one `Library` of these
entries; `synclint.knowledge` indexes them and answers the model's questions. Names are
written as a user imports them (`transformers.Trainer`); a name matches on its library's
top-level package and its last part, so `transformers.trainer.Trainer` is the same class.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from synclint.analysis.kinds import UNKNOWN, Kind


class Follows(enum.Enum):
    """Where a call's result comes from, relative to its arguments."""

    #: A fixed kind (`Returns.kind`): made by the library on its own device.
    FIXED = "fixed"
    #: The kind of the positional argument `Returns.argument` (a gather keeps the kind and
    #: the device of the tensor it is given).
    ARGUMENT = "argument"
    #: A tuple of the positional arguments' kinds, or the one argument's kind when there is
    #: one (`accelerator.prepare(model, optimizer, loader)`).
    ARGUMENTS = "arguments"
    #: The receiver's own kind (`td.clone()`, `td.select("obs")`).
    RECEIVER = "receiver"


@dataclass(frozen=True)
class Returns:
    """What a call gives back. Tensor kinds in `kind` mean "may live on an accelerator";
    a CPU tensor argument followed by `ARGUMENT` stays a CPU tensor."""

    kind: Kind = UNKNOWN
    follows: Follows = Follows.FIXED
    argument: int = 0
    #: The dtype of a tensor result when the call fixes it ("torch.int64"), else None.
    dtype: str | None = None
    #: The call may move what it is given to a device (`accelerator.prepare(loader)`): a
    #: loader of host batches it hands back yields batches of unknown device.
    places: bool = False


@dataclass(frozen=True)
class Call:
    """A function or a class (its constructor), by qualified name."""

    name: str
    returns: Returns
    #: Why the call reads device values on the host (a sync), in a message's words; "".
    syncs: str = ""
    #: The result holds the values of its first argument (a mapping of tensors: the
    #: TensorDict constructor): device tensors if they are, CPU tensors if they are, else
    #: unknown; a `device=` argument decides instead when given.
    from_values: bool = False
    #: The result is a setting of the run, the same on every step of it (the distributed
    #: world size, whether a process group is set up): code under a test of it runs on
    #: every step where it holds (`model/settings.py`).
    run_setting: bool = False
    #: Keywords that void `returns` when given (a DataLoader's `collate_fn=` may move its
    #: batches): the result is then unknown.
    unless_keywords: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Method:
    """A method of a library class (or of the classes deriving from it)."""

    owner: str
    name: str
    returns: Returns
    syncs: str = ""


@dataclass(frozen=True)
class Attribute:
    """An attribute of a library class's instances (`Trainer.accelerator`)."""

    owner: str
    name: str
    kind: Kind


@dataclass(frozen=True)
class Role:
    """A method the framework runs once per step when a class derives from `owner`."""

    owner: str
    method: str
    #: Why, as the message says it: "`compute_loss` runs once per training step".
    reason: str
    #: Kinds of the positional parameters after `self` that the framework passes (UNKNOWN:
    #: no claim); used where the parameter has no annotation of its own.
    params: tuple[Kind, ...] = ()


@dataclass(frozen=True)
class OnceRole:
    """A method the framework runs once per fit, evaluation or save (cold code)."""

    owner: str
    method: str
    reason: str


#: A `HostRole` method name that stands for every method of the class (a dataset's own
#: helpers build its data too).
ALL_METHODS = "*"


@dataclass(frozen=True)
class HostRole:
    """A method a data loader runs to build a sample, in its worker processes on the host
    (`Dataset.__getitem__`): its tensors are CPU tensors unless it moves one to a device."""

    owner: str
    #: The method, or `ALL_METHODS`.
    method: str
    #: Why, as a reader would say it: "`__getitem__` builds a sample in a loader worker".
    reason: str


@dataclass(frozen=True)
class Registrar:
    """A call that hands a callable to a framework which then runs it per step
    (`register_forward_hook(f)`, ignite's `Engine(f)` and `add_event_handler(event, f)`).

    `name` is a method name (any receiver: `register_hook`) or, with `qualified`, the
    qualified name of a function or class (`ignite.engine.Engine`).
    """

    name: str
    #: Positional index of the callable.
    position: int
    #: When it runs, as a message says it: "every backward", "every iteration".
    when: str
    qualified: bool = False
    #: For event registrations: the position of the event argument, and the event names
    #: (last part: `ITERATION_COMPLETED`) that fire per step. An event called with
    #: arguments (`ITERATION_COMPLETED(every=100)`) is periodic, not per step.
    event_position: int | None = None
    events: frozenset[str] = frozenset()
    #: How a message says why the callable is per-step code (`{name}`: its name); "":
    #: "`f` is a hook: runs on {when}".
    reason: str = ""


@dataclass(frozen=True)
class Invoker:
    """A call that calls the callable it is given now, with the arguments after it:
    `torch.utils.checkpoint.checkpoint(fn, x)` runs `fn(x)`; trl's
    `self._forward_redirection(model, unwrapped, self._compute_loss, unwrapped, inputs)`
    runs `self._compute_loss(unwrapped, inputs)`. The callable runs where the call is (a
    registrar, by contrast, keeps it for later: `Registrar`).

    `name` is a method or attribute name (any receiver) or, with `qualified`, the
    qualified name of a function."""

    name: str
    #: Positional index of the callable; the positional arguments after it are its own.
    position: int
    qualified: bool = False
    #: Whether the call's keyword arguments are passed on to the callable (checkpoint's
    #: `use_reentrant=` is its own).
    passes_keywords: bool = True


@dataclass(frozen=True)
class StateRegistrar:
    """A method that makes `self.<name>` per-instance state that moves with the module:
    `self.register_buffer("scale", t)`, torchmetrics' `self.add_state("hits", default=t)`.
    The attribute is a tensor that may live on an accelerator (or a list of them, for a
    list default)."""

    owner: str
    method: str
    #: Where the value sits: its position and its keyword.
    value_position: int
    value_keyword: str


@dataclass(frozen=True)
class Class:
    """A library class: where it sits and what its instances hold."""

    name: str
    #: Its library bases (qualified), so that a subclass inherits their roles and methods.
    bases: tuple[str, ...] = ()
    #: An `nn.Module` (calling it runs `forward`; `forward` is per-step code).
    module: bool = False
    #: What `x[key]` and `x.get(key)` give (None: nothing known).
    item: Kind | None = None
    #: Keys whose value is itself an instance of this class (`td["next"]`).
    nested_keys: frozenset[str] = frozenset()
    #: What iterating over an instance gives.
    element: Kind | None = None
    #: What calling an instance gives (an `nn.Module` runs `forward`: a tensor).
    called: Kind | None = None
    #: Receiver names that denote an instance in a file that imports the library
    #: (`accelerator.gather(...)` where `accelerator` came from elsewhere), and the other
    #: top-level packages whose import makes the hint hold too (a `Trainer` subclass's
    #: `self.accelerator` in a file that imports transformers only).
    hints: frozenset[str] = frozenset()
    hint_roots: tuple[str, ...] = ()
    #: The kinds of its instances' attributes and of what its methods return are given by
    #: `Attribute` and `Method` entries; these are the rest: an attribute not listed is
    #: this kind (a model output's fields are tensors), None when nothing is known.
    other_attributes: Kind | None = None
    #: Its instances are never moved to a device (botorch's acquisition functions, built
    #: around a model already there): a buffer keeps the device it was registered on.
    unmoved: bool = False


@dataclass(frozen=True)
class Library:
    """One library's table."""

    name: str
    #: Top-level packages its names live under (`lightning`, `pytorch_lightning`).
    roots: tuple[str, ...]
    classes: tuple[Class, ...] = ()
    calls: tuple[Call, ...] = ()
    methods: tuple[Method, ...] = ()
    attributes: tuple[Attribute, ...] = ()
    roles: tuple[Role, ...] = ()
    once: tuple[OnceRole, ...] = ()
    host_roles: tuple[HostRole, ...] = ()
    #: Packages of the library whose code builds data on the host (dotted name, why):
    #: pykeen's `pykeen.triples`.
    host_packages: tuple[tuple[str, str], ...] = ()
    registrars: tuple[Registrar, ...] = ()
    invokers: tuple[Invoker, ...] = ()
    #: Class names (last part, `fnmatch` patterns; a dotted pattern matches the whole
    #: name of a capitalised class: `pyro.distributions.*`) -> the class of `classes`
    #: they are an instance of (`*ForCausalLM` -> `PreTrainedModel`), and names no pattern
    #: takes.
    class_patterns: tuple[tuple[str, str], ...] = ()
    not_patterns: tuple[str, ...] = ()
    #: Class names distinctive enough to be this library's when used unimported (a star
    #: import: `class Model(LightningModule)`).
    bare_names: frozenset[str] = frozenset()
    #: Names of its classes that carry its roles only in its own package (a project class
    #: `Metric` of a module under avalanche's root is avalanche's `Metric`; another
    #: project's class of that name is not): names too common to be `bare_names`.
    own_names: frozenset[str] = frozenset()
    state_registrars: tuple[StateRegistrar, ...] = ()
