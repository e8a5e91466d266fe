"""Per-step code known before any evaluation: framework step hooks, `forward`,
`Optimizer.step`, and functions registered as autograd or module hooks."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from synclint import knowledge
from synclint.analysis import library
from synclint.model.index import _Class, _Function, _Module, display_name, pseudo_function
from synclint.model.summaries import Hot, Site
from synclint.model.syntax import _dotted, _last, _per_step_event

if TYPE_CHECKING:
    from synclint.model.project import Project


def class_entry(project: Project, function: _Function) -> Hot | None:
    """Per-step code by its class's library role (`knowledge.step_role`): a Lightning
    step hook, `forward`, `Optimizer.step`, a `Trainer`'s `compute_loss`, a
    `Metric.update`, a TorchRL env's `_step` ..."""
    role = class_role(project, function)
    if role is None:
        return None
    node = function.node
    return Hot(role.reason, Site(function.module.filename, node.lineno, node.col_offset + 1,
                                 role.reason))


def class_role(project: Project, function: _Function) -> knowledge.Role | None:
    """The per-step role of a method by the library classes its class derives from."""
    if function.class_key is None:
        return None
    # The library's own package derives from its project classes (stable-baselines3's
    # `A2C(OnPolicyAlgorithm)`): their names count where a table knows them bare, as the
    # once-per-run roles read them (`callers.find_cold_functions`).
    mro = list(project._mro(function.class_key))
    # A library's own names (`own_names`) count in its own package only: a project class
    # of the name, or a base of the name that a star import hides (fastai's metrics).
    own = (knowledge.own_class(cls.module.name, name) for cls in mro
           for name in (cls.name, *(n for n in cls.external if "." not in n)))
    names = [*project._externals(function.class_key), *(cls.name for cls in mro),
             *filter(None, own)]
    return knowledge.step_role(function.name, tuple(names))


#: How a template method's reason ends (`template_entries`): `{role}, and calls `name``.
_TEMPLATE_CALL = ", and calls `{}`"


def mark_template_methods(project: Project, hooks: Mapping[str, Hot]) -> None:
    """Give each template method its entry (`template_entries`) and its summary the hot
    reason (a registered hook's first), once `prepare` has linked every method's calls."""
    for key, entry in list(template_entries(project)):
        project.functions[key].entry = entry
        project.summaries[key] = replace(project.summaries[key], hot=hooks.get(key) or entry)


def template_entries(project: Project) -> Iterator[tuple[str, Hot | None]]:
    """Per-step code by a base class's template method: a method that a base's per-step
    role calls on `self` (`Representation.forward` calls `self._plain_forward()`) runs in
    every step in each subclass that overrides it and inherits the role's method.

    Read from the links (`calls`, methods), which cached modules keep: a cached method's
    recorded template entry is dropped (None) when a changed base no longer calls it."""
    for cls in project.classes.values():
        mro = list(project._mro(cls.key))
        for name, key in cls.methods.items():
            function = project.functions.get(key)
            if function is None:
                continue
            recorded = function.entry is not None and function.entry.reason.endswith(
                _TEMPLATE_CALL.format(name))
            if function.entry is not None and not recorded:
                continue  # its own role
            found = _template_role(project, mro, name, key)
            if found is None:
                if recorded:
                    yield key, None
                continue
            reason, role_function = found
            where = role_function if role_function.definition is not None else function
            if where.definition is None:
                continue  # neither was parsed: the recorded entry stands
            yield key, Hot(reason, Site(where.module.filename, where.node.lineno,
                                        where.node.col_offset + 1, reason))


def _template_role(project: Project, mro: list[_Class], name: str, key: str
                   ) -> tuple[str, _Function] | None:
    """Why the method `key` (`name` of the class whose MRO is `mro`) runs every step
    because a base's role calls the base's `name` on `self`, and that role's method."""
    for base in mro[1:]:
        base_key = base.methods.get(name)
        if base_key is None or base_key == key:
            continue
        for role_name, role_key in base.methods.items():
            role_function = project.functions.get(role_key)
            if role_function is None or base_key not in role_function.calls or \
                    next((c.methods[role_name] for c in mro if role_name in c.methods),
                         None) != role_key:
                continue  # the base's role does not call it, or the class overrides it
            role = class_role(project, role_function)
            if role is not None:
                return role.reason + _TEMPLATE_CALL.format(name), role_function
    return None


def find_registered_hooks(project: Project) -> None:
    functions_of: dict[str, list[_Function]] = {}
    for function in project.functions.values():
        functions_of.setdefault(function.module.name, []).append(function)
    for module in project.modules.values():
        if module.tree is not None:  # else: cached, found by an earlier run
            module.hooks = []
            top: _Function | None = None
            for node in module.registrations:
                registering = _innermost(functions_of.get(module.name, []), node.lineno)
                if registering is None:  # a script's own statements register it
                    top = top or pseudo_function(module, "<module>", module.tree.body)
                    registering = top
                found = registration(project, registering, node)
                if found is not None:
                    module.hooks.append(found)
            module.hooks.extend(decorated_hooks(module, functions_of.get(module.name, [])))
        for key, hot in module.hooks:
            project._hooks.setdefault(key, hot)

def registration(project: Project, function: _Function, node: ast.Call) -> tuple[str, Hot] | None:
    name = _last(node.func)
    dotted = _dotted(node.func)
    registrar = knowledge.registrar(
        name, project._qualify(function.module, dotted) if dotted is not None else None)
    if registrar is None or registrar.position < 0 or len(node.args) <= registrar.position:
        return None
    if registrar.event_position is not None and not _per_step_event(
            node.args[registrar.event_position] if len(node.args) >
            registrar.event_position else None):
        return None
    position, when = registrar.position, registrar.when
    target = node.args[position]
    if isinstance(target, ast.Call) and _dotted(target.func) in (
            "partial", "functools.partial") and target.args:
        target = target.args[0]
    dotted = _dotted(target)
    if dotted is None:
        return None
    key = callable_key(project, function, dotted)
    if key is None or key not in project.functions:
        return None
    display = display_name(project.functions[key])
    reason = registrar.reason.format(name=display) if registrar.reason else \
        f"`{display}` is a hook: runs on {when}"
    return key, Hot(reason, Site(function.module.filename, node.lineno,
                                 node.col_offset + 1, f"registered with `{name}` here"))


def decorated_hooks(module: _Module, functions: list[_Function]) -> Iterator[tuple[str, Hot]]:
    """Handlers a decorator registers to run per step: ignite's
    `@trainer.on(Events.ITERATION_COMPLETED)`."""
    if "ignite" not in library.roots_of(module.imports.values()):
        return
    for function in functions:
        for decorator in function.node.decorator_list:
            if not (isinstance(decorator, ast.Call) and _last(decorator.func) == "on"):
                continue
            registrar = knowledge.registrar("on", None)
            if registrar is None or registrar.event_position is None or \
                    len(decorator.args) <= registrar.event_position or \
                    not _per_step_event(decorator.args[registrar.event_position]):
                continue
            reason = registrar.reason.format(name=display_name(function)) if \
                registrar.reason else f"`{display_name(function)}` is a hook: runs on " \
                f"{registrar.when}"
            yield function.key, Hot(reason, Site(
                module.filename, decorator.lineno, decorator.col_offset + 1,
                "registered with `on` here"))


def callable_key(project: Project, function: _Function, dotted: str) -> str | None:
    parts = dotted.split(".")
    if dotted in ("self", "cls") and function.class_key is not None:
        # A hook object that registers itself: what runs is its `__call__`.
        parts = [dotted, "__call__"]
    if parts[0] in ("self", "cls") and function.class_key is not None and len(parts) == 2:
        for cls in project._mro(function.class_key):
            if parts[1] in cls.methods:
                return cls.methods[parts[1]]
        return None
    if len(parts) == 1:
        nested = f"{function.key}.{dotted}"
        if nested in project.functions:
            return nested
    return project._name_key(function.module, dotted)


def _innermost(functions: list[_Function], line: int) -> _Function | None:
    """The innermost function whose lines hold `line`."""
    best: _Function | None = None
    for function in functions:
        node = function.node
        end = node.end_lineno or node.lineno
        if node.lineno <= line <= end and (best is None or node.lineno >= best.node.lineno):
            best = function
    return best

def _is_lightning_base(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    head = name.split(".", 1)[0]
    if last == "LightningModule":
        return True
    return last == "Callback" and head in ("lightning", "pytorch_lightning")
