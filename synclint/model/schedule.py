"""The order summaries are computed in: what each function may read, known before any
evaluation, and the strongly connected components of that graph, callees first.

An evaluation reads the summaries of the project functions it calls and the attribute
kinds of the classes it reads through `self` (or a parameter annotated with a project
class). Both are known from the syntax and the links alone, so the graph is built once,
before the fixed point: each component is then solved to its own fixed point after
every component it reads, and nothing outside it is ever evaluated again. The classes of
attributes (`self.scheduler = Scheduler()`) are part of the links: found here once, not
by the fixed point (where two methods assigning two classes made it flip forever).
"""

from __future__ import annotations

import ast
import os
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from synclint.model.dispatch import held_class
from synclint.model.index import _parse_annotation
from synclint.model.syntax import _dotted, _is_self, enclosing_function, own_nodes

if TYPE_CHECKING:
    from synclint.model.index import _Class, _Function
    from synclint.model.project import Project

#: The node that stands for one class's attribute kinds in the graph: readers point to
#: it, it points to the methods that assign them (readers x writers edges otherwise).
ATTRIBUTES = "@attributes "

#: A debugging switch, for tests and `benchmarks/solve_order.py`, never a CLI option: the
#: order the fixed point visits things in, which must not change any answer. None (the
#: environment's `SYNCLINT_SOLVE_ORDER` unset): the graph's own; "reverse": each
#: component's functions and each level's components (those whose reads are all solved
#: at once) in reverse; "shuffle:SEED": both shuffled with `random.Random(SEED)`.
SOLVE_ORDER: str | None = os.environ.get("SYNCLINT_SOLVE_ORDER") or None


def permuted(items: list[str], salt: str = "") -> list[str]:
    """`items` in the order `SOLVE_ORDER` asks for (itself when it is unset)."""
    order = SOLVE_ORDER
    if order is None or len(items) < 2:
        return items
    if order == "reverse":
        return items[::-1]
    if order.startswith("shuffle:"):
        shuffled = list(items)
        random.Random(f"{order}/{salt}/{len(items)}").shuffle(shuffled)
        return shuffled
    raise ValueError(f"SYNCLINT_SOLVE_ORDER: {order!r} (reverse or shuffle:SEED)")


def by_level(graph: Mapping[str, Sequence[str]], ordered: list[list[str]]) -> list[list[str]]:
    """`ordered` (callees first) as `SOLVE_ORDER` asks: grouped by level (a component's
    is one more than the highest of those it reads), each level's components permuted.
    Every order this gives is callees first too; unset, `ordered` itself."""
    if SOLVE_ORDER is None:
        return ordered
    owner = {key: number for number, component in enumerate(ordered) for key in component}
    levels: list[int] = []
    for number, component in enumerate(ordered):
        level = 0
        for key in component:
            for target in graph.get(key, ()):
                other = owner.get(target)
                if other is not None and other != number:
                    level = max(level, levels[other] + 1)
        levels.append(level)
    grouped: dict[int, list[str]] = {}
    for number, level in enumerate(levels):
        grouped.setdefault(level, []).append(str(number))
    return [permuted(ordered[number], ordered[number][0])
            for level in sorted(grouped)
            for number in map(int, permuted(grouped[level], str(level)))]


def attribute_classes(project: Project, cls: _Class) -> dict[str, str]:
    """The project class of each attribute that the class's methods assign a new
    instance of (`self.scheduler = Scheduler(...)`); an attribute assigned instances of
    two classes has none (which one a call reaches is not known)."""
    found: dict[str, str | None] = {}
    for key in cls.methods.values():
        function = project.functions.get(key)
        if function is None or function.definition is None or not function.sketch.constructs:
            continue
        for node in _own_nodes(function.definition):
            if not isinstance(node, (ast.Assign, ast.AnnAssign)) or \
                    not isinstance(node.value, ast.Call):
                continue
            dotted = _dotted(node.value.func)
            target = project._name_key(function.module, dotted) if dotted else None
            if target is None or target not in project.classes:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for assigned in targets:
                if isinstance(assigned, ast.Attribute) and _is_self(assigned.value):
                    previous = found.get(assigned.attr, target)
                    found[assigned.attr] = target if previous == target else None
    return {name: target for name, target in found.items() if target is not None}


def static_reads(project: Project, function: _Function
                 ) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """What an evaluation of `function` may read: the project functions it may call,
    the classes whose attribute kinds it may read, and whether it assigns attributes of
    its own class (so that their readers depend on it); from its text's sketch."""
    drawn = function.sketch
    instances = _annotated_params(project, function)
    calls: dict[str, None] = {}
    classes: dict[str, None] = {}
    _built_reads(project, function, instances, calls, classes)
    for dotted in drawn.calls:
        key = _callee(project, function, dotted, instances)
        if key is not None:
            calls[key] = None
    owner = function.class_key
    if owner is not None and drawn.reads_self:
        classes[owner] = None
        calls.update(dict.fromkeys(_getters(project, owner)))
        if any("." not in called for called in drawn.calls):
            # `for t in self.transforms: t(x)`, `__init__` storing a parameter annotated
            # `list[Transform]`: calling an element runs the class's `forward`.
            calls.update(dict.fromkeys(_held_calls(project, owner)))
    for head in drawn.heads:
        if head in instances:
            classes[instances[head]] = None
            calls.update(dict.fromkeys(_getters(project, instances[head])))
    if owner is not None:
        for attribute in drawn.self_attributes:
            # `self.manager.attr`, where `__init__` stored a parameter annotated with a
            # project class in `self.manager`: that class's attribute kinds.
            held = _attribute_instance(project, owner, attribute)
            if held is not None:
                classes[held] = None
            # ... and, of that class or of one `self.manager = Manager()` builds, the
            # getters `self.manager.name` may run.
            built = _attribute_class(project, owner, attribute)
            for reached in {held, built} - {None}:
                assert reached is not None
                calls.update(dict.fromkeys(_getters(project, reached)))
    return tuple(calls), tuple(classes), drawn.writes and owner is not None


def dependency_graph(project: Project) -> dict[str, tuple[str, ...]]:
    """Each function's possible reads as edges: its callees, and one node per class it
    reads attributes of, which points to every method of that class and its bases that
    assigns attributes (`ATTRIBUTES`)."""
    writers: dict[str, list[str]] = {}
    for key, function in project.functions.items():
        if function.writes and function.class_key is not None:
            writers.setdefault(function.class_key, []).append(key)
    graph: dict[str, tuple[str, ...]] = {}
    reached: dict[str, None] = {}
    for key, function in project.functions.items():
        edges = [callee for callee in function.calls if callee in project.functions]
        enclosing = enclosing_function(key, project.functions)
        if enclosing is not None:
            edges.append(enclosing)  # a closure: it sees the enclosing function's names
        for owner in function.reads:
            edges.append(ATTRIBUTES + owner)
            reached[owner] = None
        graph[key] = tuple(edges)
    for owner in reached:
        graph[ATTRIBUTES + owner] = tuple(
            writer for cls in project._mro(owner) for writer in writers.get(cls.key, ()))
    return graph


#: How far one lane may lead the other (a share of all the work) to keep what both read
#: small: on the torch package 0.02 solves in 0.62 of the time where an even split
#: takes 0.66.
LEAD = 0.02


class Lanes(NamedTuple):
    """The components in the order they are solved in (callees first), how many of
    them the first lane has, and the components a second process may solve ahead
    (`ahead.Ahead`), callees first."""

    order: list[list[str]]
    first: int
    ahead: list[list[str]]


def two_lanes(graph: Mapping[str, Sequence[str]], ordered: list[list[str]]) -> Lanes:
    """The components (`ordered`, callees first) in two lanes (`Lanes`).

    Each component no other reads (a top) goes with everything it reads to the lane
    where that adds the least, unless that lane would then lead the other by more than
    `LEAD` of the work so far (then to the lane that stays the lighter); a component
    both lanes read is in both. The order
    is the first lane's components, then every other one: what the second lane solves
    is read only after the first lane's, so both can run at once. Weights (one per
    function and one per edge) and the split depend only on the graph, so every run,
    with a second process or not, with the index cache or not, takes the same steps."""
    owner = {key: number for number, component in enumerate(ordered) for key in component}
    reads: list[tuple[int, ...]] = []
    weight: list[int] = []
    for number, component in enumerate(ordered):
        found: dict[int, None] = {}
        cost = 0
        for key in component:
            edges = graph.get(key, ())
            if not key.startswith(ATTRIBUTES):
                cost += 1 + len(edges)
            for target in edges:
                other = owner.get(target)
                if other is not None and other != number:
                    found[other] = None
        reads.append(tuple(found))
        weight.append(cost)
    read = [False] * len(ordered)
    for numbers in reads:
        for number in numbers:
            read[number] = True
    lanes = [0] * len(ordered)  # bit 1: the first lane's, bit 2: the second's
    load = [0, 0]
    for top in range(len(ordered)):
        if read[top]:
            continue
        added: list[list[int]] = []
        for bit in (1, 2):
            new: list[int] = []
            seen: set[int] = set()
            pending = [top]
            while pending:
                number = pending.pop()
                if lanes[number] & bit or number in seen:
                    continue
                seen.add(number)
                new.append(number)
                pending.extend(reads[number])
            added.append(new)
        costs = [sum(weight[number] for number in new) for new in added]
        lane = 0 if costs[0] <= costs[1] else 1
        if load[lane] + costs[lane] - load[1 - lane] > \
                (load[0] + load[1] + costs[lane]) * LEAD:
            lane = min((0, 1), key=lambda lane: (max(load[lane] + costs[lane],
                                                     load[1 - lane]), costs[lane]))
        for number in added[lane]:
            lanes[number] |= 1 << lane
        load[lane] += costs[lane]
    first = [component for number, component in enumerate(ordered) if lanes[number] & 1]
    rest = [component for number, component in enumerate(ordered) if not lanes[number] & 1]
    ahead = [component for number, component in enumerate(ordered) if lanes[number] & 2]
    return Lanes(first + rest, len(first), ahead)


def components(graph: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """The strongly connected components of `graph` (Tarjan's algorithm, without
    recursion), each after every component it has an edge to: callees first. The order
    depends only on the graph's own order, so every run takes the same steps."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in graph:
                    continue
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    component.reverse()
                    result.append(component)
    return result


def _callee(project: Project, function: _Function, dotted: str,
            instances: Mapping[str, str]) -> str | None:
    """The project function a call of `dotted` may reach (as `Calls._project_callee`
    resolves it, without the values the evaluation knows)."""
    parts = dotted.split(".")
    if parts[0] in ("self", "cls") and function.class_key is not None and len(parts) >= 2:
        owner: str | None = function.class_key
        for attribute in parts[1:-1]:
            owner = (_attribute_class(project, owner, attribute) or
                     _attribute_instance(project, owner, attribute) or
                     held_class(project, owner, attribute)) if owner else None
        if owner is None:
            return None
        found = _method(project, owner, parts[-1])
        if found is None:
            held = _attribute_class(project, owner, parts[-1])  # `self.embed(x)`
            found = _called_method(project, held) if held is not None else None
        return found
    if len(parts) == 1:
        nested = f"{function.key}.{dotted}"
        if nested in project.functions:
            return nested
        if parts[0] in instances:
            return _called_method(project, instances[parts[0]])
    if parts[0] in instances:
        owner = instances[parts[0]]
        for attribute in parts[1:-1]:  # `state.meter.update()` of a field `meter: Meter`
            owner = (_attribute_class(project, owner, attribute) or
                     held_class(project, owner, attribute)) if owner else None
        return _method(project, owner, parts[-1]) if owner is not None else None
    key = project._name_key(function.module, dotted)
    return key if key is not None and key in project.functions else None


def _getters(project: Project, owner: str) -> list[str]:
    """The getters of the properties of `owner` and its bases (`properties.py`): a read
    of `self.<name>` (or of `<instance>.<name>`) may run any of them, which the sketch
    does not tell apart (a superset is harmless)."""
    if not project.property_names:
        return []
    known = project.class_getters.get(owner)
    if known is None:
        found: dict[str, str] = {}
        for cls in project._mro(owner):
            for name in cls.properties:
                found.setdefault(name, cls.methods[name])
        known = project.class_getters[owner] = list(found.values())
    return known


def _attribute_class(project: Project, owner: str, attribute: str) -> str | None:
    for cls in project._mro(owner):
        found = cls.attribute_classes.get(attribute)
        if found is not None:
            return found
    return None


def _method(project: Project, owner: str, name: str) -> str | None:
    for cls in project._mro(owner):
        if name in cls.methods:
            return cls.methods[name]
    return None


def _called_method(project: Project, owner: str) -> str | None:
    """The method calling an instance of `owner` runs (`Calls._instance_call`): `forward`
    of an `nn.Module`, `__call__` of another class."""
    return _method(project, owner, "forward" if project.is_nn_module(owner) else "__call__")


def _built_reads(project: Project, function: _Function, instances: dict[str, str],
                 calls: dict[str, None], classes: dict[str, None]) -> None:
    """Instances of project classes a function builds (`Calls._project_instance`) or
    tests for (`isinstance(t, Tracker)`): a name assigned one (`t = Tracker()`:
    `t.add(v)` calls `Tracker.add`) joins `instances`; a
    method called on a new one (`Report(losses).forward()`) is a call, and its class's
    attributes are read."""
    for name, called in (*function.sketch.builds, *function.sketch.narrowed):
        built = _class_named(project, function, called)
        if built is not None:
            instances.setdefault(name, built)
    for called, method in function.sketch.chains:
        built = _class_named(project, function, called)
        if built is not None:
            classes[built] = None
            key = _method(project, built, method)
            if key is not None:
                calls[key] = None


def _class_named(project: Project, function: _Function, dotted: str) -> str | None:
    """The project class `dotted` names in the function's module, or None."""
    key = project._name_key(function.module, dotted)
    return key if key is not None and key in project.classes else None


def _annotated_params(project: Project, function: _Function) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, annotation in function.annotations.items():
        if annotation is None or name in ("self", "cls"):
            continue
        for dotted in _annotation_names(annotation):
            key = project._name_key(function.module, dotted)
            if key is not None and key in project.classes:
                found[name] = key
                break
    return found


def _attribute_instance(project: Project, owner: str, attribute: str) -> str | None:
    """The project class whose instance a method of `owner` (or a base) assigns to
    `self.<attribute>` from a parameter annotated with it."""
    for cls in project._mro(owner):
        found = project.instance_attributes.get(cls.key)
        if found is None:
            found = project.instance_attributes[cls.key] = _stored_parameters(project, cls)
        if attribute in found:
            return found[attribute]
    return None


def _held_calls(project: Project, owner: str) -> list[str]:
    """The methods calling an object `owner` (or a base) holds from an annotated
    parameter runs (`forward` of a module, `__call__` of another class)."""
    found: list[str] = []
    for cls in project._mro(owner):
        held = project.instance_attributes.get(cls.key)
        if held is None:
            held = project.instance_attributes[cls.key] = _stored_parameters(project, cls)
        called = (_called_method(project, kept) for kept in held.values())
        found.extend(key for key in called if key is not None)
    return found


def _stored_parameters(project: Project, cls: _Class) -> dict[str, str]:
    """`self.<attribute> = parameter` in the methods of `cls`, for each parameter
    annotated with a project class: attribute -> that class (the first one found)."""
    stored: dict[str, str] = {}
    for key in cls.methods.values():
        method = project.functions.get(key)
        if method is None or method.definition is None or not method.sketch.stores:
            continue
        params = _annotated_params(project, method)
        if not params:
            continue
        for node in _own_nodes(method.definition):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and \
                    node.value.id in params:
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and _is_self(target.value):
                        stored.setdefault(target.attr, params[node.value.id])
    return stored


def _annotation_names(node: ast.expr) -> Iterable[str]:
    """The dotted names an annotation mentions, string annotations included."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            parsed = _parse_annotation(inner.value)
            if parsed is not None:
                yield from _annotation_names(parsed)
        elif isinstance(inner, (ast.Name, ast.Attribute)):
            dotted = _dotted(inner)
            if dotted is not None:
                yield dotted


def _own_nodes(definition: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """Every node of a function's body (not the bodies of the functions and classes
    defined in it: they are evaluated on their own; a lambda's body is part of it)."""
    return own_nodes(definition.body)
