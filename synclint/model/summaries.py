"""What the model says about functions and classes, as rules and worker processes see it:
summaries with their chains, and one picklable `FileView` per checked file."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from synclint.analysis.compiled import CompiledView
from synclint.analysis.kinds import (
    UNKNOWN,
    Instance,
    Kind,
)
from synclint.analysis.torch_api import (
    SHAPE_FUNCTIONS,
)

#: In `FileView.needed`: the file receives tensors from project functions (so the
#: textual "is there any tensor here" prefilter must not skip it).
TENSOR_VALUES = "tensor-values"
SYNC_READ = "SYN101"
SYNC_TEST = "SYN102"
SYNC_SHAPE = "SYN104"
#: What each kind of sync does, as the message says it.
EFFECT_WORDS = {
    SYNC_READ: "reads a tensor on the host",
    SYNC_TEST: "tests a tensor as a Python bool",
    SYNC_SHAPE: "makes a data-dependent shape",
}
#: How sure a call-site report can be that an argument makes the callee sync:
#: "tensor": the callee proves the parameter is a tensor (torch-only methods on it);
#: "item": `.item()` on it (a tensor unless NumPy); "value": `float(p)`, `p > 0`, which
#: sync only when the argument is a device tensor.
STRENGTHS = ("tensor", "item", "value")

#: Ops whose output size depends on the data whatever their arguments (one-argument
#: `where` and `repeat_interleave` without `output_size=` are judged at the call).
SHAPE_SYNC_FUNCTIONS = SHAPE_FUNCTIONS - {"where", "repeat_interleave"}
SHAPE_SYNC_METHODS = SHAPE_SYNC_FUNCTIONS

# --- what crosses into rules and worker processes ----------------------------------------
@dataclass(frozen=True)
class Site:
    """A place in the project: a sync, a call on the way to it, a hook's definition."""

    filename: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Guard(Site):
    """The innermost `if` of the settings code runs under (`model/settings.py`): `message`
    names every condition whole (the related location's words), `quoted` is the same when
    short enough for a message (None: the message says "under a setting"), `about` what
    the conditions read (`settings.SETTING`, `ARGUMENT`, `ARGUMENTS`, `BOTH`)."""

    quoted: str | None = None
    about: str = "setting"
    #: The constructor option a condition needs that `__init__` defaults off
    #: ("`batchwise_prompt=True`"; `analysis/opt_in.py`), or None.
    opt_in: str | None = None


@dataclass(frozen=True)
class Effect:
    """A sync a function makes, with the path to it: calls first, the sync site last."""

    code: str
    chain: tuple[Site, ...]
    likely: bool = False
    #: The parameters whose arguments must be settings for the sync to happen on every
    #: call: it sits under a test of them (`if "segm" in iou_type:`, `if reduce is not
    #: None:`; `model/settings.py`). Positions in `Summary.params` followed by
    #: `Summary.keywords` (`Summary.settable`). A call that passes a value that may
    #: change between steps (`check_eos=step > 0`) does not make it.
    when: tuple[int, ...] = ()
    #: The project functions (keys) whose loop holds a call of the chain: the rules report
    #: the chain there, at the innermost per-step call, so a caller's call that reaches it
    #: is not reported again (`chains.call_syncs`). Cold functions are dropped once known
    #: (`callers.find_cold_functions`): nothing is reported inside them.
    looped: tuple[str, ...] = ()

    @property
    def site(self) -> Site:
        return self.chain[-1]


def called_first(call: Site, chain: tuple[Site, ...]) -> tuple[Site, ...]:
    """`chain` reached through `call`: `call` first. A chain that already passes through
    `call` went round a cycle of calls (`fit` -> `_calibrate` -> `_holdout` -> `fit`): it is
    cut to the part after `call`, so the summaries of a cycle repeat and the fixed point
    settles, with each effect's shortest chain."""
    if call in chain:
        return (call, *chain[chain.index(call) + 1:])
    return (call, *chain)


def looped_in(looped: tuple[str, ...], here: tuple[str, ...]) -> tuple[str, ...]:
    """`Effect.looped` with the function `here` (its loop holds the call) added once: a
    chain round a cycle of calls adds it on every lap."""
    return looped if not here or here[0] in looped else (*looped, *here)


@dataclass(frozen=True)
class ParamEffect:
    """A sync that happens when the argument at `index` is a tensor."""

    index: int
    name: str
    strength: str
    effect: Effect


@dataclass(frozen=True)
class Hot:
    """Why a function runs once per step, and where that is decided."""

    reason: str
    site: Site
    #: The settings the code runs under, where it is guarded by some (`settings.py`):
    #: at the innermost guard, saying how they read ("`self.include_std`").
    guard: Guard | None = None
    #: Per-step because per-step code calls it (a function a compiled one reaches), not
    #: by its role: its parameters are what its callers pass, not settings.
    called: bool = False


@dataclass(frozen=True)
class Summary:
    """What a call of one project function does."""

    key: str
    display: str
    returns: Kind = UNKNOWN
    syncs: tuple[Effect, ...] = ()
    param_effects: tuple[ParamEffect, ...] = ()
    hot: Hot | None = None
    #: Positional parameter names a call fills (without `self`/`cls` for methods).
    params: tuple[str, ...] = ()
    #: Parameters of a private function that every call in the project fills with a host
    #: value (a NumPy array, a CPU tensor, a Python number), whatever their annotation
    #: says: `self._convert_to_karras(in_sigmas=np_sigmas)`.
    host_params: tuple[tuple[str, Kind], ...] = ()
    #: The positional parameter every return is computed from (`def t_fn(s): return
    #: s.log().neg()`, `return 1 - s, s`), which the function never moves to a device: a
    #: CPU tensor passed there gives CPU tensors back (`kinds.on_host`).
    returns_from: int | None = None
    #: Why the function is cold (setup, save, load, export, test code; `roles.py`), or
    #: None. Never set on per-step code (`hot`).
    cold: str | None = None
    #: Kinds a framework passes the parameters of a per-step method (a `Trainer`
    #: subclass's `compute_loss(model, inputs)`), for those without an annotation.
    param_kinds: tuple[tuple[str, Kind], ...] = ()
    #: Parameters some project call fills ("*": a call whose `*args` / `**kwargs` hide
    #: which): a `device="cpu"` default holds in the body only where none does.
    passed: tuple[str, ...] = ()
    #: Attributes of `self` its body assigns (`self._values = ...`): called under `if
    #: self._values is None:`, it is a lazy initialisation, run once (`evaluation.py`).
    assigns: tuple[str, ...] = ()
    #: Keyword-only parameter names (after `*` or `*args`), which a call fills by name.
    keywords: tuple[str, ...] = ()
    #: Every return gives a setting of the run (`lightly.utils.dist.world_size()`:
    #: `dist.get_world_size() if dist.is_initialized() else 1`): a test of a call of it
    #: picks the same branch on every step (`model/settings.py`).
    run_setting: bool = False
    #: The parameter (a position in `settable`) whose device every returned tensor is
    #: made on (`def sample(n, device=None): return torch.arange(n, device=device)`), and
    #: whether its default is None or the CPU: a call passing a CPU device there, or
    #: leaving that default, gets CPU tensors back (`device_params.py`).
    returns_on: int | None = None
    on_host_default: bool = False
    #: Some `return` may put its value on an accelerator (`return X.to(device)`, `return
    #: x.cuda()`; `host_data.moves_to_device`): a loader loop that calls it moves batches.
    moves: bool = False
    #: Every `return` tests whether a lazy parameter or buffer is materialised (a
    #: property `initialized`; `lazy_state.py`): True where it holds once it is, False
    #: where it holds while one is not, else None.
    lazy_state: bool | None = None
    #: Its body may put a value on an accelerator (`host_data.moves_to_device`); known
    #: for a module's `__init__` and `forward` and functions returning a project object
    #: only: a module built by one is not known to stay on the CPU (`local_modules.py`).
    moves_any: bool = False
    #: It trains (`call_sites.trains`): 1 (STEPS) where a call takes a training step
    #: (`loss.backward()`), 2 (RUNS) where it runs a training loop: a call of it in a
    #: loop is once per training run (`chains.call_syncs`).
    trains: int = 0
    #: Its unannotated parameters known by the attributes it reads of them: each with the
    #: project classes that have them all (`duck.py`).
    ducks: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def settable(self) -> tuple[str, ...]:
        """The parameters `Effect.when` counts, by position: positional, then
        keyword-only."""
        return (*self.params, *self.keywords)


@dataclass(frozen=True)
class ClassView:
    """A class as rules see it: its methods, attribute kinds and framework roles."""

    key: str
    bases: tuple[str, ...]
    methods: Mapping[str, str]
    attributes: Mapping[str, Kind]
    attribute_classes: Mapping[str, str]
    lightning: bool = False
    module: bool = False
    #: Qualified names of its library bases, over its whole MRO (`transformers.Trainer`).
    externals: tuple[str, ...] = ()
    #: Its properties: name -> how the getter runs at a read (`properties.py`).
    properties: Mapping[str, str] = field(default_factory=dict)
    #: For each method it only declares, the methods its subclasses run instead
    #: (`dispatch.py`).
    overrides: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: The literal defaults its body gives its fields (`model/defaults.py`): a
    #: configuration class's `kl_threshold: float = 0.0`.
    defaults: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class FileView:
    """What one checked file may ask of the project: picklable, with a digest."""

    filename: str
    module: str
    #: Local names of the file (imports, definitions) -> project keys ("mod:f", "mod:C",
    #: "mod" for a module).
    names: Mapping[str, str]
    summaries: Mapping[str, Summary]
    classes: Mapping[str, ClassView]
    modules: frozenset[str] = frozenset()
    #: The digest once known (`digest`); equal views have equal digests.
    known_digest: str = field(default="", compare=False)
    #: Rule codes the file's calls of project functions and its per-step code may fire.
    needed: frozenset[str] = frozenset()
    #: Its compiled functions, the disabled functions and the project's Dynamo flags.
    compiled: CompiledView = CompiledView()
    #: The project definition each dotted name of its code reaches, where one does
    #: (`Project._name_key`): what the evaluation of its code needs of the links.
    resolved: Mapping[str, str] = field(default_factory=dict)
    #: SHA-256 of the text the model parsed for the file (CPython's parser accepted it).
    sha: str = ""
    #: The project type aliases its code names -> what they stand for (`aliases.py`).
    aliases: Mapping[str, str] = field(default_factory=dict)
    #: Its functions whose code the model evaluated without a tensor
    #: (`Project.tensor_free`): the gate needs no evaluation of theirs. Not in the
    #: digest: it changes what the gate evaluates, never a finding.
    tensor_free: frozenset[str] = field(default=frozenset(), compare=False)
    #: The defaults of the argparse options it reads of an options holder, where the
    #: project declares each with one default (`model/options.py`).
    options: Mapping[str, str] = field(default_factory=dict)
    #: The options holders (`args`) its module-level code binds only by `parse_args()`.
    option_holders: frozenset[str] = frozenset()
    #: Computes the digest when it is first asked for: a check without a results cache
    #: never asks, and on a large project digesting every view costs about a quarter
    #: of the views' time. Not pickled: a pickled view carries its digest.
    digester: Callable[[FileView], str] | None = field(default=None, compare=False,
                                                        repr=False)

    @property
    def digest(self) -> str:
        """What the file's results depend on in the model: a key of the results cache."""
        if not self.known_digest and self.digester is not None:
            object.__setattr__(self, "known_digest", self.digester(self))
        return self.known_digest

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["known_digest"], state["digester"] = self.digest, None
        return state

    # -- lookups rules and the inference use ------------------------------------------
    def resolve(self, dotted: str, scope: tuple[str, ...]) -> Summary | None:
        """The summary of the function a call `dotted(...)` reaches from `scope` (the
        qualified name of the enclosing class and functions), or None."""
        key = self.resolve_key(dotted, scope)
        return self.summaries.get(key) if key is not None else None

    def resolve_key(self, dotted: str, scope: tuple[str, ...]) -> str | None:
        parts = dotted.split(".")
        head = parts[0]
        if head in ("self", "cls") and len(parts) >= 2:
            owner = self.enclosing_class(scope)
            if owner is None:
                return None
            for attribute in parts[1:-1]:
                owner = self._attribute_class(owner, attribute)
                if owner is None:
                    return None
            return self.method(owner, parts[-1])
        # A nested function of an enclosing function, then the module's own names (a
        # class's methods are no bare names in its methods' bodies: `def enumerate(self)`).
        for depth in range(len(scope), 0, -1):
            if f"{self.module}:{'.'.join(scope[:depth])}" in self.classes:
                continue
            key = f"{self.module}:{'.'.join(scope[:depth])}.{dotted}"
            if key in self.summaries:
                return key
        target = self.names.get(head)
        if target is None:
            return None
        for part in parts[1:]:
            if ":" in target:  # a class: its method
                return self.method(target, part) if part == parts[-1] else None
            nested = f"{target}.{part}"
            target = nested if nested in self.modules else f"{target}:{part}"
        return target if ":" in target else None

    def enclosing_class(self, scope: tuple[str, ...]) -> str | None:
        for depth in range(len(scope), 0, -1):
            key = f"{self.module}:{'.'.join(scope[:depth])}"
            if key in self.classes:
                return key
        return None

    def method(self, class_key: str, name: str) -> str | None:
        """The method a call `obj.name(...)` of an instance of `class_key` runs; None
        for a property (the call calls what its getter returns)."""
        for owner in self.mro(class_key):
            cls = self.classes[owner]
            found = cls.methods.get(name)
            if found is not None:
                return None if name in cls.properties else found
        return None

    def mro(self, class_key: str) -> Iterator[str]:
        seen: set[str] = set()
        stack = [class_key]
        while stack:
            key = stack.pop(0)
            if key in seen or key not in self.classes:
                continue
            seen.add(key)
            yield key
            stack.extend(self.classes[key].bases)

    def _attribute_class(self, class_key: str, attribute: str) -> str | None:
        for owner in self.mro(class_key):
            found = self.classes[owner].attribute_classes.get(attribute)
            if found is not None:
                return found
        # `self.provider = provider` of an annotated parameter (`dispatch.held_class`).
        kind = self.instance_attribute(class_key, attribute)
        return kind.cls if isinstance(kind, Instance) else None

    def class_key(self, dotted: str) -> str | None:
        """The project class a dotted name of this file reaches (an annotation), or None."""
        head, *rest = dotted.split(".")
        target = self.names.get(head)
        for part in rest:
            if target is None or ":" in target:
                return None
            nested = f"{target}.{part}"
            target = nested if nested in self.modules else f"{target}:{part}"
        return target if target is not None and target in self.classes else None

    def instance_attribute(self, class_key: str, attribute: str) -> Kind:
        """The kind of `<attribute>` on an instance of the class `class_key`."""
        for key in self.mro(class_key):
            kind = self.classes[key].attributes.get(attribute)
            if kind is not None:
                return kind
        return UNKNOWN

    def attribute_kind(self, attribute: str, scope: tuple[str, ...]) -> Kind:
        """The kind of `self.<attribute>` inside `scope`."""
        owner = self.enclosing_class(scope)
        if owner is None:
            return UNKNOWN
        for key in self.mro(owner):
            kind = self.classes[key].attributes.get(attribute)
            if kind is not None:
                return kind
        return UNKNOWN

    def library_bases(self, scope: tuple[str, ...]) -> tuple[str, ...]:
        """The qualified library bases of the class enclosing `scope` (its MRO's)."""
        owner = self.enclosing_class(scope)
        return self.classes[owner].externals if owner is not None else ()

    def passed_params(self, scope: tuple[str, ...]) -> frozenset[str] | None:
        """Parameters of the function at `scope` that some project call fills ("*": any);
        None where the model has no summary of it."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return frozenset(summary.passed) if summary is not None else None

    def param_kinds(self, scope: tuple[str, ...]) -> dict[str, Kind]:
        """What a framework passes the unannotated parameters of the function at `scope`."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return dict(summary.param_kinds) if summary is not None else {}

    def hot(self, scope: tuple[str, ...]) -> Hot | None:
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return summary.hot if summary is not None else None

    def host_params(self, scope: tuple[str, ...]) -> dict[str, Kind]:
        """Parameters of the function at `scope` that every project call fills with a
        host value (private functions only), with that value's kind."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return dict(summary.host_params) if summary is not None else {}

    def cold(self, scope: tuple[str, ...]) -> str | None:
        """Why the function at `scope` is cold by its role or its callers, or None."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return summary.cold if summary is not None else None

    @functools.cached_property
    def property_names(self) -> frozenset[str]:
        """Every name a class of the view makes a property (`properties.py`)."""
        return frozenset(name for cls in self.classes.values() for name in cls.properties)

    def needs(self) -> frozenset[str]:
        """Rule codes whose whole-program findings this file may hold (for the textual
        prefilter, which cannot see a sync behind a call or a hook)."""
        return self.needed

    def lightning_class(self, scope: tuple[str, ...]) -> bool:
        owner = self.enclosing_class(scope)
        return owner is not None and self.classes[owner].lightning
