"""What the model learns from a function's callers once every summary is final: cold
helpers only cold code calls, and parameters every call fills with host values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from synclint.analysis.kinds import (
    HOST,
    HOST_TENSOR,
    MODULE,
    Kind,
    Seq,
    Tup,
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.analysis.roles import (
    TEST_CODE,
    class_role,
    function_role,
    module_function_role,
    module_role,
)
from synclint.model.flow import _HOST_ARGUMENTS
from synclint.model.properties import CACHED

if TYPE_CHECKING:
    from synclint.model.index import _Function
    from synclint.model.project import Project
    from synclint.model.summaries import Effect


def find_cold_functions(project: Project, callers: Mapping[str, dict[str, bool]]) -> None:
    """Mark functions cold by role (`roles.py`), then, to a fixed point, functions whose
    every project caller is cold (a public one: a module function, with some caller other
    than test code, which calls the package's API to test it), and private helpers whose every caller is cold
    or calls them only under periodic guards (`callers[key]` maps each caller to whether
    it does: `Evaluated.rare_calls`). A recursive call is not a caller: it runs when the
    first call does. Per-step code is never cold, nor, by its callers, a function that
    defines another."""
    cold: dict[str, str] = {}
    for key, function in project.functions.items():
        if project.summaries[key].hot is not None:
            continue
        name = function.name
        reason = module_role(function.module.name) or function_role(name)
        if reason is None and function.class_key is not None:
            cls = project.classes[function.class_key]
            if cls.properties.get(name) == CACHED and cls.methods.get(name) == key \
                    and _long_lived(project, cls.key):
                # `functools.cached_property`: the getter runs on the first read of each
                # object, its loops included (pyannote's `min_num_samples` search).
                reason = f"`{name}` is a cached property: its getter runs once per object"
            else:
                names = [c.name for c in project._mro(cls.key)] + project._externals(cls.key)
                reason = class_role(name, cls.name, names)
        elif reason is None and "." not in function.qualname:
            reason = module_function_role(name, function.module.name)
        if reason is not None:
            cold[key] = reason
    # A function that defines another may hand it out to run per step (LOMO's
    # `self.grad_func = self.fuse_update()` in `__init__`, its `func` a gradient hook):
    # where it is called says nothing of where its nested functions run.
    enclosing = {key.rpartition(".")[0] for key in project.functions}
    changed = True
    while changed:
        changed = False
        for key, function in project.functions.items():
            name = function.name
            if key in cold or name.endswith("__") or key in enclosing \
                    or project.summaries[key].hot is not None:
                continue
            calling = {c: rarely for c, rarely in callers.get(key, {}).items() if c != key}
            if not calling:
                continue
            private = name.startswith("_")
            # A public method stays: a user may call it on the object at any time.
            if all(c in cold for c in calling) and (private or (
                    "." not in function.qualname
                    and any(cold[c] != TEST_CODE for c in calling))):
                # `orthonormalize(basis)` only in `__init__`: it runs when the object is built.
                first = min(calling)
                cold[key] = (f"`{name}` is only called from cold code "
                             f"(`{project.summaries[first].display}`)")
                changed = True
            elif private and all(c in cold or rarely for c, rarely in calling.items()):
                # `if self._should_log(): self._log_weight_stats(m)` in every caller: the
                # helper runs once every few steps, as the guarded code does.
                first = min(c for c in calling if c not in cold)
                cold[key] = (f"`{name}` is only called under periodic guards "
                             f"(`{project.summaries[first].display}`)")
                changed = True
    for key, reason in cold.items():
        project.summaries[key] = replace(project.summaries[key], cold=reason)
    if cold:
        _unloop_cold(project, cold)


def _long_lived(project: Project, key: str) -> bool:
    """Whether objects of the class `key` live across steps: an `nn.Module`, or a class
    that holds one (an inference wrapper's `self.model_`). A data object (torchdrug's
    `PackedProtein`, built per batch) may be new at every step, and so may its cached
    properties' getters run."""
    return project.is_nn_module(key) or any(
        kind is MODULE for cls in project._mro(key) for kind in cls.attributes.values())


def _unloop_cold(project: Project, cold: Mapping[str, str]) -> None:
    """Nothing is reported in cold code, so a loop of a cold function no longer holds the
    report of a chain (`Effect.looped`): its callers report the chain instead."""
    def kept(effect: Effect) -> Effect:
        looped = tuple(key for key in effect.looped if key not in cold)
        return effect if looped == effect.looped else replace(effect, looped=looped)

    for key, summary in list(project.summaries.items()):
        effects = [*summary.syncs, *(p.effect for p in summary.param_effects)]
        if not any(k in cold for e in effects for k in e.looped):
            continue
        project.summaries[key] = replace(
            summary, syncs=tuple(kept(e) for e in summary.syncs),
            param_effects=tuple(replace(p, effect=kept(p.effect))
                                for p in summary.param_effects))

def find_host_params(project: Project) -> None:
    """Functions whose every project call passes host values for a parameter: their
    body runs on those (set-up helpers fed NumPy arrays, typed `Tensor`; a transform
    module's `forward` every call gives a sample's `dict` of CPU tensors: a call of a
    module counts for its `forward`, and for the overrides of one that only declares
    itself). For a public function, calls from test code do not count, and there must
    be another call."""
    passed: dict[str, dict[str, list[Kind]]] = {}
    passed_to: dict[str, set[str]] = {}
    opaque: set[str] = set()
    calls: dict[str, int] = {}
    for caller, arguments in project._call_arguments.items():
        calling = project.functions.get(caller)
        from_tests = calling is not None and module_role(calling.module.name) is not None
        for callee, filled in arguments:
            passed_to.setdefault(callee, set()).update(("*",) if filled is None else filled)
            if from_tests and _public(project.functions.get(callee)):
                continue
            calls[callee] = calls.get(callee, 0) + 1
            if filled is None:
                opaque.add(callee)
                continue
            for name, kind in filled.items():
                passed.setdefault(callee, {}).setdefault(name, []).append(kind)
    for callee, count in calls.items():
        function = project.functions.get(callee)
        name = function.name if function is not None else ""
        if callee in opaque or not name or (name.startswith("__") and name != "__call__"):
            continue
        host: list[tuple[str, Kind]] = []
        for param, kinds in passed.get(callee, {}).items():
            if len(kinds) != count or not all(_host_argument(k) for k in kinds):
                continue  # some call leaves it to its default or passes another kind
            if all(k == kinds[0] for k in kinds):
                kind = kinds[0]
            elif all(k in _HOST_ARGUMENTS for k in kinds):
                kind = HOST if all(k is HOST for k in kinds) else HOST_TENSOR
            else:
                continue  # host containers of different shapes
            host.append((param, kind))
        if host:
            summary = project.summaries[callee]
            project.summaries[callee] = replace(summary, host_params=tuple(sorted(host)))
    for callee, names in passed_to.items():
        if callee in project.summaries:
            project.summaries[callee] = replace(project.summaries[callee],
                                                passed=tuple(sorted(names)))


def _host_argument(kind: Kind) -> bool:
    """Whether an argument of `kind` is host data: a host value, or a container whose
    items all are (a sample's `dict[str, Tensor]` of CPU tensors)."""
    if kind in _HOST_ARGUMENTS:
        return True
    if isinstance(kind, Seq):
        return _host_argument(kind.elem)
    if isinstance(kind, Tup):
        return bool(kind.items) and all(_host_argument(item) for item in kind.items)
    if isinstance(kind, MappingKind):
        return _host_argument(kind.value)
    return False


def _public(function: _Function | None) -> bool:
    return function is not None and not function.name.startswith("_")

