"""One transfer per loop nest: where the loop the batched fix rewrites (a `for` loop, a
comprehension or a generator) is a statement of an outer loop's body (`for layer in
model.children(): for p in layer.parameters(): ... p.grad.norm().item()`), read every
value of the whole nest in one pass before the outermost loop, instead of once per outer
iteration.

The first pass runs every outer iteration's reads before any outer body has run, so the
nest form is offered only where that provably reads what the original reads: the outer
bodies read no value themselves, skip no inner loop (`continue`, `break`, `return`,
`raise`), write nothing the reads, their conditions or the iterables depend on, call
nothing that could, and iterate known collections that a second pass walks the same way
(lists, tuples, `parameters()`, `children()`, dict views) without effects. Everything else
keeps the per-loop fix (one transfer per outer iteration), which is safe on its own."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

import libcst as cst

from synclint.fixes.batched_analysis import LoopAnalysis
from synclint.fixes.batched_facts import _COLLECTION_METHODS, _CONTAINER_MUTATORS
from synclint.fixes.batched_model import Outcome, Refused
from synclint.fixes.batched_sequences import element_of_each
from synclint.fixes.batched_syntax import (
    _bound_names,
    _code,
    _effect_free,
    _names_in,
    _names_outside,
    _Rename,
    _root,
    _walk_scope,
    _written_places,
)
from synclint.fixes.pending import Replacement

__all__ = ["nest_outcome"]

#: Builtins whose call on quiet arguments is itself quiet (no effects, no reads).
_QUIET_BUILTINS = frozenset({"range", "zip", "enumerate", "reversed", "sorted", "list",
                             "tuple", "len"})


#: A loop of the nest: a `for` statement, or the (only) `for` clause of a comprehension
#: (the innermost loop only).
_Loop = cst.For | cst.CompFor


def nest_outcome(inner: LoopAnalysis, innermost: _Loop, statement: cst.CSTNode
                 ) -> Outcome | None:
    """The nest fix of the loop `innermost` (whose analysis `inner` has done and found safe
    as a loop of its own; `statement` is the loop itself, or the statement holding the
    comprehension), or None where no outer loop can share its transfer."""
    try:
        _check_inner(inner)
    except Refused:
        return None
    chain: list[cst.For] = []
    #: The host test of an `if` that holds the next loop in an outer loop's body.
    guards: dict[int, cst.BaseExpression] = {}
    for outer, guard in _enclosing_loops(inner.loop.ancestors, statement):
        try:
            _check_level(inner, outer, [*reversed(chain), innermost],
                         chain[-1] if chain else statement, guard)
        except Refused:
            break
        chain.append(outer)
        if guard is not None:
            guards[id(outer)] = guard.test
    if not chain:
        return None
    return _render(inner, [*reversed(chain), innermost], guards)


def _enclosing_loops(ancestors: Sequence[cst.CSTNode], statement: cst.CSTNode
                     ) -> Iterator[tuple[cst.For, cst.If | None]]:
    """The loops around `statement`, innermost first, as long as each holds the next as a
    statement of its own body (not under a `with` or in an `else:`), or as the only
    statement of an `if` without `else:` there (`if isinstance(module, nn.Linear):`);
    with that `if`."""
    child: cst.CSTNode = statement
    index = next((i for i, node in enumerate(ancestors) if node is statement),
                 len(ancestors)) - 1
    while index >= 1:
        guard: cst.If | None = None
        block, parent = ancestors[index], ancestors[index - 1]
        if isinstance(parent, cst.If) and index >= 3 and parent.body is block \
                and parent.orelse is None and isinstance(block, cst.IndentedBlock) \
                and len(block.body) == 1 and block.body[0] is child:
            guard, child = parent, parent
            index -= 2
            block, parent = ancestors[index], ancestors[index - 1]
        if not (isinstance(block, cst.IndentedBlock) and isinstance(parent, cst.For)
                and parent.body is block and any(s is child for s in block.body)):
            return
        yield parent, guard
        child = parent
        index -= 2


def _check_inner(inner: LoopAnalysis) -> None:
    """The inner loop reads one value per element, read exactly where the guards copied
    into the first pass hold, and changes nothing: its fix as a loop of its own is safe
    (an unsafe reason there, such as a tensor changed in place after its read, could
    reach another outer iteration's reads)."""
    if not all(site.exact for site in inner.loop.sites):
        raise Refused("a value is read under a condition on tensor values")
    if not inner.writer.in_statement_order():
        raise Refused("the inner loop reads several values in one statement")
    if inner.loop.unsafe:
        raise Refused(inner.loop.unsafe[0])


# -- what each outer loop must satisfy ---------------------------------------------------
def _check_level(inner: LoopAnalysis, outer: cst.For, deeper: list[_Loop],
                 child: cst.CSTNode, guard: cst.If | None = None) -> None:
    """Refused unless `outer` may run the reads of the loops `deeper` in it (outermost
    first; `child` is the statement of its body that holds them, `guard` the `if` around
    it) in a first pass before it starts."""
    _check_header(inner, outer, deeper)
    if guard is not None:
        _check_guard(inner, guard.test)
        child = guard
    level = _level(inner, outer)
    _check_level_reads(level)
    _check_level_exits(level)
    _check_no_skip(outer, child)
    loops: list[_Loop] = [outer, *deeper]
    targets = {name for loop in loops for name in _bound_names(loop.target)}
    used = {name for site in inner.loop.sites
            for name in _names_in(cst.parse_expression(inner.writer.collected(site)))}
    for loop in loops:
        used.update(_names_in(loop.iter))
    if guard is not None:
        used.update(_names_in(guard.test))
    used -= targets
    _check_bindings(level, outer, used)
    _check_writes(inner, level, outer, used | targets)


def _check_guard(inner: LoopAnalysis, test: cst.BaseExpression) -> None:
    """The `if` around the inner loop tests host values only, with no effects: the first
    pass evaluates it again for every outer element and gets the same answer (its names
    are checked, with the reads', against the outer body's writes)."""
    if not inner.values.sync_free(test, truth=True) or inner.values.has_sync(test) \
            or not inner.values.host_pure(test):
        raise Refused(f"`{_code(test)}` may read a tensor or have effects")


def _check_header(inner: LoopAnalysis, outer: cst.For, deeper: list[_Loop]) -> None:
    """Every loop of the nest iterates a known collection (a list, a tuple, `range`,
    `parameters()`, a dict view) by an expression with no effects and no reads, which a
    first pass can walk again and get the same elements; not a generator, which the first
    pass would run ahead of the loop bodies."""
    if outer.asynchronous is not None:
        raise Refused("an `async for` outer loop")
    loops: list[_Loop] = [outer, *deeper]
    parents: list[_Loop | None] = [None, *loops]
    for parent, loop in zip(parents, loops):
        element = parent is not None and element_of_each(inner.loop, parent, loop.iter)
        if not element and not (inner.values.collection(loop.iter) and _quiet(inner, loop.iter)):
            raise Refused(f"`{_code(loop.iter)}` may be a generator, or evaluating it again "
                          "may have effects")


def _quiet(inner: LoopAnalysis, node: cst.BaseExpression) -> bool:
    """Evaluating it again has no effects and reads no tensor: names, attributes,
    literals of those, collection methods (`layer.parameters()`) and `range`/`zip`/...
    of those."""
    if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(node, cst.Attribute):
        return _quiet(inner, node.value)
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and _quiet(inner, e.value)
                   for e in node.elements)
    if isinstance(node, (cst.Subscript, cst.BinaryOperation, cst.UnaryOperation)):
        return _effect_free(node)
    if isinstance(node, cst.Call):
        if any(arg.keyword is not None or arg.star for arg in node.args):
            return False
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _COLLECTION_METHODS:
            return not node.args and _quiet(inner, func.value)
        if isinstance(func, cst.Name) and func.value in _QUIET_BUILTINS \
                and not inner.loop.ctx.bound(func.value):
            return all(_quiet(inner, arg.value) for arg in node.args)
    return False


def _level(inner: LoopAnalysis, outer: cst.For) -> LoopAnalysis:
    """The outer loop's own analysis (the reads its body makes, how it can stop)."""
    index = next(i for i, node in enumerate(inner.loop.ancestors) if node is outer)
    level = LoopAnalysis(inner.loop.ctx, inner.loop.file, outer, list(inner.loop.ancestors[:index]))
    level.checks.check_target(outer.target, outer.iter)
    body = outer.body
    assert isinstance(body, cst.IndentedBlock)  # it holds the inner loop as a statement
    level.walker.scan_bindings(body)
    level.walker.find_aliases(body.body)
    level.walker.statements(body.body)
    return level


def _check_level_reads(level: LoopAnalysis) -> None:
    """The outer body reads no value itself. Not a question of values: the outer loop's
    own fix goes before the same loop, and the two rewrites would collide."""
    if level.loop.sites:
        raise Refused("the outer loop reads values of its own")


def _check_level_exits(level: LoopAnalysis) -> None:
    """`break`, `return` or `raise` in the outer body: the outer elements after it are
    never reached, and the first pass would read them (a meta tensor there raises)."""
    if level.loop.early_exit is not None:
        raise Refused(f"{level.loop.early_exit}: the first pass would read elements the "
                      "loops never reach")


def _check_no_skip(outer: cst.For, child: cst.CSTNode) -> None:
    """A `continue` before the inner loop skips its reads for that outer element."""
    for statement in outer.body.body:
        if statement is child:
            return
        if any(isinstance(node, cst.Continue) for node in _walk_scope(statement)):
            raise Refused("a `continue` in the outer loop can skip the inner loop's reads")


def _check_bindings(level: LoopAnalysis, outer: cst.For, used: set[str]) -> None:
    """Nothing the reads, their conditions or the iterables use is assigned in the outer
    body (the first pass would see the value from before the outer loop), nor the outer
    loop variable."""
    counts = level.loop.bound_counts
    for name in sorted(used):
        if counts.get(name):
            raise Refused(f"the outer loop's body assigns `{name}`, which the reads "
                          "depend on")
    for name in _bound_names(outer.target):
        if counts.get(name):
            raise Refused(f"the outer loop's body rebinds its loop variable `{name}`")


def _check_writes(inner: LoopAnalysis, level: LoopAnalysis, outer: cst.For,
                  watched: set[str]) -> None:
    """Nothing in the nest writes to what the reads, their conditions or the iterables
    depend on (an accumulator zeroed, a tensor changed in place, a list the loop walks
    grown), nor calls something that could; writes go only to fresh host containers
    (`norms = []`) or to names nothing in the nest reads."""
    fresh = _fresh_names(outer.body)
    scope = next((node.body for node in reversed(level.loop.ancestors)
                  if isinstance(node, cst.FunctionDef)), level.loop.ancestors[0])
    watched = watched | _aliases(scope, watched)
    for node in _walk_scope(outer.body):
        if isinstance(node, cst.Call):
            reason = None if _quiet(inner, node) else inner.checks.call_effect(node)
            if reason is not None:
                raise Refused(reason)
            method = level.loop.meth(node)
            if method is not None and method[1] in _CONTAINER_MUTATORS:
                _check_written(method[0], watched, level.loop.body_bound, fresh)
        elif isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)):
            for element in _written_places(node):
                _check_written(element, watched, level.loop.body_bound, fresh)
            if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name) and (
                    inner.loop.is_device(node.target) or node.target.value in watched):
                raise Refused(f"`{_code(node.target)} {_code(node.operator).strip()} ...` "
                              "may change a tensor the reads read")


def _check_written(target: cst.BaseExpression, watched: set[str], bound: set[str],
                   fresh: set[str]) -> None:
    """A write to `target` (`x.attr = ...`, `x[i] = ...`, `x.append(...)` on `x`): never to
    what the nest reads; to a name the outer body binds only where that name holds a new
    host container and the write goes straight into it (`row[k] = v`, `row.append(v)`,
    not `row[k][0] = v`, which may write into a tensor the container holds)."""
    root = _root(target)
    if root is None or root in watched:
        raise Refused(f"the nest writes to `{_code(target)}`, which the reads may depend on")
    into_fresh = root in fresh and (
        isinstance(target, cst.Name)
        or isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name))
    if root in bound and not into_fresh:
        raise Refused(f"the nest writes to `{_code(target)}`, which may be a tensor the "
                      "reads read")


def _aliases(scope: cst.CSTNode, watched: set[str]) -> set[str]:
    """Names the scope binds to something reached from a watched name (`extra =
    layers[-1]`, `for group in layers:`): writing through them writes to what the nest
    reads or walks."""
    found: set[str] = set()
    for node in _walk_scope(scope):
        pairs: list[tuple[cst.CSTNode, cst.CSTNode | None]] = []
        if isinstance(node, cst.Assign):
            pairs = [(t.target, node.value) for t in node.targets]
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            pairs = [(node.target, node.value)]
        elif isinstance(node, (cst.For, cst.CompFor)):
            pairs = [(node.target, node.iter)]
        elif isinstance(node, cst.NamedExpr):
            pairs = [(node.target, node.value)]
        for target, value in pairs:
            if value is not None and set(_names_in(value)) & watched:
                found.update(_bound_names(target))
    return found


def _fresh_names(body: cst.CSTNode) -> set[str]:
    """Names the body binds only to new host containers or literals (`norms = []`): a
    write into one cannot change a tensor."""
    fresh: dict[str, bool] = {}
    for node in _walk_scope(body):
        if isinstance(node, (cst.Assign, cst.AnnAssign)):
            value = node.value
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                else [node.target]
            for target in targets:
                for name in _bound_names(target):
                    fresh[name] = fresh.get(name, True) and isinstance(target, cst.Name) \
                        and value is not None and _fresh_value(value)
        elif isinstance(node, (cst.For, cst.CompFor, cst.AsName, cst.NamedExpr)):
            bound = node.name if isinstance(node, cst.AsName) else node.target
            for name in _bound_names(bound):
                fresh[name] = False
    return {name for name, ok in fresh.items() if ok}


def _fresh_value(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp,
                         cst.SetComp, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
        and node.func.value in ("list", "dict", "set") and not node.args


# -- the rewrite ----------------------------------------------------------------------------
def _render(inner: LoopAnalysis, loops: list[_Loop],
            guards: dict[int, cst.BaseExpression]) -> Outcome:
    """`values = iter(<one transfer of every read of the nest>)` before the outermost loop;
    the read becomes `next(values)` (the nest runs as before and takes its values in the
    order the first pass read them). The `if` around an inner loop filters the elements
    of the loop above it."""
    names = inner.writer.names()
    outermost = loops[0]
    indent = inner.loop.indent(outermost)

    def condition(loop: _Loop) -> str:
        guard = guards.get(id(loop))
        return "" if guard is None else f" if {_code(guard)}"

    source = _code(outermost.iter) + condition(outermost) + "".join(
        f" for {_code(loop.target)} in {_code(loop.iter)}{condition(loop)}"
        for loop in loops[1:])
    # One read: the first pass keeps the elements where its guards hold. Several: a row
    # of them per element (`None` where a read's guards do not hold), taken in order.
    only_if = " and ".join(inner.loop.sites[0].guards) if len(inner.loop.sites) == 1 else ""
    prelude, _, _ = inner.writer.prelude(names, _code(outermost.target), source, items=False,
                                         indent=indent, only_if=only_if)
    replacements = [
        Replacement(outermost, "".join(line + "\n" + indent for line in prelude),
                    mode="before"),
        *(Replacement(site.node if site.mode == "item" else site.value,
                      f"next({names.values})") for site in inner.loop.sites),
    ]
    taken = inner.loop.file.identifiers.get(inner.loop.scope_key(), set())
    unused = _unused_targets(inner, loops, [site.node for site in inner.loop.sites])
    for loop in loops:
        # `for _ in layer.parameters():`, or `_p` where the scope uses `_` already: both
        # are names linters know as unused.
        renames = {name: "_" if "_" not in taken else f"_{name}"
                   for name in _bound_names(loop.target)
                   if name in unused and not name.startswith("_")}
        if renames and not set(renames.values()) - {"_"} & taken:
            renamed = loop.target.visit(_Rename(renames))
            assert isinstance(renamed, cst.BaseExpression)
            replacements.append(Replacement(loop.target, _code(renamed)))
    outcome = inner.writer.outcome(replacements)
    assert outcome.fix is not None
    message = ("Read the loop nest's tensor values in one pass before the outer loop, stack "
               "them and transfer once (`.tolist()`), then take them in order")
    if outcome.reason is not None:
        message += f" (unsafe: {outcome.reason})"
    return replace(outcome, fix=replace(outcome.fix, message=message))


def _unused_targets(inner: LoopAnalysis, loops: list[_Loop],
                    reads: list[cst.CSTNode]) -> set[str]:
    """The nest's loop variables nothing reads once the reads are replaced: in the scope,
    outside the reads and the loop targets themselves (a loop variable outlives its
    loop)."""
    scope = next((node for node in reversed(inner.loop.ancestors)
                  if isinstance(node, (cst.FunctionDef, cst.Module))), None)
    if scope is None:
        return set()
    used = _names_outside(scope, {*map(id, reads), *(id(loop.target) for loop in loops)})
    return {name for loop in loops for name in _bound_names(loop.target)} - used
