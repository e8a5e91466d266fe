"""The batched rewrite (DESIGN.md section 3): read every 0-d tensor a loop would read on the
host in one pass without syncing, stack them, transfer once, and run the loop on Python values."""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import libcst as cst

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    F64_TENSOR,
    HOST,
    UNKNOWN,
)
from synclint.analysis.walker import Context
from synclint.diagnostics import Applicability
from synclint.fixes.batched_render import Names, Plan, Read, choose_names, identifiers, prelude
from synclint.fixes.layout import statement as layout_statement
from synclint.fixes.pending import PendingFix, Replacement

__all__ = ["Outcome", "batched_fix", "loop_ancestors", "loops_over_dtypes"]

_RENDER = cst.Module([])

#: Reductions whose result is 0-d when called without a dimension.
_SCALAR_REDUCTIONS = frozenset({
    "any", "all", "sum", "mean", "norm", "max", "min", "prod", "std", "var", "amax", "amin",
    "nansum", "nanmean", "count_nonzero", "median", "nanmedian", "logsumexp", "vector_norm",
    "aminmax",
}) - {"aminmax", "logsumexp"}
#: Element-wise tensor operations: a 0-d input gives a 0-d output.
_ELEMENTWISE = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "abs", "neg", "float",
    "double", "half", "bfloat16", "bool", "int", "long", "detach", "clone", "logical_not",
    "sqrt", "square", "exp", "log", "log2", "log10", "sign", "reciprocal", "rsqrt", "sigmoid",
    "relu", "contiguous", "nan_to_num", "clamp", "clip", "pow",
})
#: Results that are real floating point for every input they accept (complex inputs give
#: real norms and variances; `mean` or `sqrt` of a complex tensor would be complex).
_FLOAT_RESULTS = frozenset({
    "norm", "std", "var", "vector_norm", "float", "double", "half", "bfloat16",
})
#: Results that are bool tensors.
_BOOL_RESULTS = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "any", "all", "bool",
    "logical_not", "eq", "ne", "lt", "le", "gt", "ge", "isclose", "equal",
})
#: Results that are int64 tensors.
_INT_RESULTS = frozenset({"count_nonzero", "long", "numel"})
_RENDER_WORDS = {
    "isnan": "has_nan", "isinf": "has_inf", "isfinite": "finite", "norm": "norm",
    "vector_norm": "norm", "sum": "total", "nansum": "total", "mean": "mean",
    "nanmean": "mean", "max": "largest", "amax": "largest", "min": "smallest",
    "amin": "smallest", "std": "std", "var": "var", "count_nonzero": "count",
}
#: Operations that cannot raise on any tensor (reading extra values with them is harmless).
_TOTAL = frozenset({
    "isnan", "isinf", "isfinite", "isposinf", "isneginf", "any", "all", "sum", "abs",
    "detach", "float", "double", "bool", "logical_not", "clone", "nansum", "count_nonzero",
    "signbit",
})
#: Operations that read device data on the host: host reads, and results whose shape
#: depends on the values.
_SYNCING_OPS = frozenset({
    "item", "tolist", "cpu", "numpy", "nonzero", "masked_select", "unique",
    "unique_consecutive", "bincount", "equal", "allclose", "argwhere",
})
#: Tensor methods with effects beyond their result.
_EFFECTFUL_METHODS = frozenset({
    "backward", "register_hook", "retain_grad", "record_stream", "item", "tolist", "cpu",
    "numpy", "share_memory_", "pin_memory",
})
#: Builtins that change nothing the loop's tensors hold.
_HARMLESS_BUILTINS = frozenset({
    "print", "len", "isinstance", "hasattr", "getattr", "str", "repr", "int", "float",
    "bool", "abs", "round", "min", "max", "sum", "sorted", "list", "tuple", "dict", "set",
    "frozenset", "enumerate", "zip", "range", "any", "all", "format", "id", "type", "divmod",
    "pow", "reversed", "iter", "callable", "next",
})
#: Methods of host containers, strings and loggers that cannot modify a tensor.
_HARMLESS_METHODS = frozenset({
    "append", "extend", "insert", "add", "setdefault", "update", "get", "items", "keys",
    "values", "join", "format", "startswith", "endswith", "lower", "upper", "strip", "split",
    "replace", "count", "index", "pop", "remove", "discard", "clear", "info", "debug",
    "warning", "warn", "error", "critical", "exception", "numel", "dim", "size",
    "is_floating_point", "is_complex", "nelement", "element_size", "item", "tolist",
})
#: Container methods that change the container (the iterable must not change this way).
_CONTAINER_MUTATORS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
    "popitem", "discard", "add", "sort", "reverse",
})
#: Host predicates a guard may call.
_HOST_GUARD_CALLS = frozenset({"isinstance", "len", "hasattr", "callable", "getattr"})
_HOST_GUARD_METHODS = frozenset({
    "startswith", "endswith", "numel", "dim", "size", "is_floating_point", "is_complex",
    "nelement", "get", "lower", "upper",
})
#: Context managers that do not change what a tensor expression computes.
_NEUTRAL_CONTEXTS = frozenset({"torch.no_grad", "torch.inference_mode", "torch.enable_grad"})
#: Builtins that consume a generator argument completely (or, for any/all, until decided).
_CONSUMERS = frozenset({"sum", "any", "all", "min", "max", "sorted", "list", "tuple", "set",
                        "frozenset", "dict"})
_SHORT_CIRCUIT = frozenset({"any", "all"})
#: Iterables that are fresh, finite and free of side effects to iterate in full.
_COLLECTION_METHODS = frozenset({
    "parameters", "named_parameters", "buffers", "named_buffers", "items", "values", "keys",
    "children", "named_children", "modules", "named_modules", "state_dict",
})
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
_Loop = cst.For | cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp


@dataclass(frozen=True)
class Outcome:
    """What the batched pattern offers for one loop: a fix (maybe unsafe), and the reason
    when the fix is unsafe or missing."""

    fix: PendingFix | None
    reason: str | None = None


class _Refused(Exception):
    """The loop cannot be rewritten; the message says why."""


@dataclass
class _Site:
    """One host read of the loop: `node` is replaced by `code` in the rewritten loop, and
    `value` is the tensor the first pass collects where the guards hold."""

    node: cst.CSTNode
    value: cst.BaseExpression
    #: "item" replaces the whole read; "arg" keeps the call around the value (float(v)).
    mode: str
    truth: bool
    guards: tuple[str, ...]
    facts: frozenset[str]
    exact: bool
    proven: bool = True


@dataclass
class _FileState:
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    #: Per function (or module): names generated by this file's fixes, and names in use.
    taken: dict[int, set[str]] = field(default_factory=dict)
    identifiers: dict[int, set[str]] = field(default_factory=dict)


_STATES: weakref.WeakKeyDictionary[Context, _FileState] = weakref.WeakKeyDictionary()


def loop_ancestors(ctx: Context, loop: cst.CSTNode,
                   extra: Sequence[cst.CSTNode] = ()) -> list[cst.CSTNode]:
    """The ancestors of `loop`, outermost first: `ctx.parents` cut at the loop, or (for a
    generator the rule sees from its consumer) the parents plus `extra`."""
    for index, node in enumerate(ctx.parents):
        if node is loop:
            return list(ctx.parents[:index])
    return [*ctx.parents, *extra]


def loops_over_dtypes(loop: cst.CSTNode) -> bool:
    """`{k: ... for k in {(r.device, r.dtype) for r in reads}}`: a loop over the distinct
    devices and dtypes of some tensors (a handful), as the batched fix writes it."""
    if not isinstance(loop, _COMPREHENSIONS):
        return False
    iterable = loop.for_in.iter
    if not isinstance(iterable, cst.SetComp) or not isinstance(iterable.elt, cst.Tuple):
        return False
    return all(isinstance(e.value, cst.Attribute) and e.value.attr.value in ("device", "dtype")
               for e in iterable.elt.elements)


def batched_fix(ctx: Context, loop: cst.CSTNode, ancestors: Sequence[cst.CSTNode]) -> Outcome:
    """The batched fix of `loop` (the same object for every finding in it)."""
    state = _STATES.get(ctx)
    if state is None:
        state = _FileState()
        _STATES[ctx] = state
    cached = state.outcomes.get(id(loop))
    if cached is not None:
        return cached
    try:
        if isinstance(loop, cst.While):
            raise _Refused("a `while` loop runs as long as the values it reads say")
        if not isinstance(loop, (cst.For, *_COMPREHENSIONS)):
            raise _Refused("not a loop synclint can rewrite")
        outcome = _Rewriter(ctx, state, loop, list(ancestors)).run()
    except _Refused as refused:
        outcome = Outcome(None, str(refused))
    state.outcomes[id(loop)] = outcome
    return outcome


def _code(node: cst.CSTNode) -> str:
    return _RENDER.code_for_node(node)


def _atomic(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer,
                             cst.Float, cst.SimpleString)) or bool(getattr(node, "lpar", ()))


def _method(node: cst.CSTNode) -> tuple[cst.BaseExpression, str] | None:
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return node.func.value, node.func.attr.value
    return None


def _positional(node: cst.Call) -> list[cst.BaseExpression]:
    return [arg.value for arg in node.args if arg.keyword is None and not arg.star]


def _keywords(node: cst.Call) -> set[str]:
    return {arg.keyword.value for arg in node.args if arg.keyword is not None}


def _names_in(node: cst.CSTNode) -> Iterator[str]:
    """Names read by an expression (not attribute names or keywords)."""
    if isinstance(node, cst.Name):
        yield node.value
        return
    if isinstance(node, cst.Attribute):
        yield from _names_in(node.value)
        return
    if isinstance(node, cst.Arg):
        yield from _names_in(node.value)
        return
    for child in node.children:
        yield from _names_in(child)


def _bound_names(target: cst.CSTNode) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _bound_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _bound_names(target.value)


def _root(node: cst.BaseExpression) -> str | None:
    while isinstance(node, (cst.Attribute, cst.Subscript, cst.Call)):
        node = node.func if isinstance(node, cst.Call) else node.value
    return node.value if isinstance(node, cst.Name) else None


def _has_comment(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Comment):
        return True
    return any(_has_comment(child) for child in node.children)


class _Substitute(cst.CSTTransformer):
    """Replaces reads of alias names by the expressions they stand for."""

    def __init__(self, aliases: dict[str, cst.BaseExpression]) -> None:
        super().__init__()
        self.aliases = aliases

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        value = self.aliases.get(original.value)
        if value is None:
            return updated
        if _atomic(value):
            return value
        return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


class _Rename(cst.CSTTransformer):
    """Renames names in a loop target."""

    def __init__(self, names: dict[str, str]) -> None:
        super().__init__()
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return updated.with_changes(value=self.names.get(original.value, original.value))


class _Rewriter:
    """Analyses one loop and builds its fix, or raises _Refused."""

    def __init__(self, ctx: Context, state: _FileState, loop: _Loop,
                 ancestors: list[cst.CSTNode]) -> None:
        self.ctx = ctx
        self.state = state
        self.loop = loop
        self.ancestors = ancestors
        self.sites: list[_Site] = []
        #: The host guards of the current point: (textual order, code, not-None facts).
        self.guards: list[tuple[int, str, frozenset[str]]] = []
        self._order = 0
        self.exact = True
        #: The `continue`s met so far: (textual order, the guards that lead to it), or
        #: None for one under a condition that depends on tensor values.
        self.continues: list[tuple[int, str, frozenset[str]] | None] = []
        #: The tests of the enclosing `if`s (for the facts a `continue` under one gives).
        self.tests: list[cst.BaseExpression] = []
        self.unsafe: list[str] = []
        self.early_exit: str | None = None
        self.aliases: dict[str, cst.BaseExpression] = {}
        self.targets: set[str] = set()
        self.body_bound: set[str] = set()
        self._bound_counts: dict[str, int] = {}
        #: Aliases whose assignment the traversal has passed (reads before it see the
        #: previous iteration's value).
        self.active: set[str] = set()
        #: Names the guards read: the body must not change them.
        self.guard_names: set[str] = set()
        #: Loop variables that are ints for certain (`range`, `enumerate`'s index).
        self.host_targets: set[str] = set()

    def _meth(self, node: cst.CSTNode) -> tuple[cst.BaseExpression, str] | None:
        """A method call's receiver and name (not a module function such as torch.isnan)."""
        if isinstance(node, cst.Call) and self.ctx.imports.qualify(node.func) is not None:
            return None
        return _method(node)

    # -- entry ------------------------------------------------------------------------
    def run(self) -> Outcome:
        if isinstance(self.loop, cst.For):
            return self._for(self.loop)
        with self.ctx.env.comprehension(self.loop.for_in):
            return self._comprehension(self.loop)

    # -- for loops --------------------------------------------------------------------
    def _for(self, loop: cst.For) -> Outcome:
        if loop.asynchronous is not None:
            raise _Refused("an `async for` loop")
        self._check_scope(class_body_refused=True)
        self._check_target(loop.target, loop.iter)
        body = loop.body
        # `for t in ts: total += t.item()` has a one-line suite, not a block.
        statements: Sequence[cst.CSTNode] = \
            [body] if isinstance(body, cst.SimpleStatementSuite) else body.body
        self._scan_bindings(body)
        self._find_aliases(statements)
        self._statements(statements)
        if not self.sites:
            raise _Refused("the loop reads no value synclint can batch")
        self._check_sites()
        self._check_effects(body)
        self._check_iterable_unchanged(loop.iter, body)
        self._check_early_exit()
        materialise = self._check_iterable_readable_twice(loop.iter)
        unused = self._unused_targets(loop)
        names = self._names()
        indent = self._indent(loop)
        target = loop.target
        if unused >= self.targets:
            # The body no longer needs the elements: loop over the values alone.
            prelude, row_target = self._prelude(names, _code(target), _code(loop.iter),
                                                items=False, indent=indent)
            replacements = [
                Replacement(loop, "".join(line + "\n" + indent for line in prelude),
                            mode="before"),
                Replacement(target, row_target),
                Replacement(loop.iter, names.values),
            ]
            replacements.extend(self._site_replacements(names))
            return self._outcome(replacements)
        iterable = names.items if materialise else _code(loop.iter)
        prelude, row_target = self._prelude(names, _code(target), _code(loop.iter),
                                            items=materialise, indent=indent)
        target_code = _code(target)
        if unused and "_" not in self.state.identifiers.get(self._scope_key(), set()):
            renamed = target.visit(_Rename(dict.fromkeys(unused, "_")))
            assert isinstance(renamed, cst.BaseExpression)
            target_code = _code(renamed)
        if isinstance(target, cst.Tuple) and not target.lpar:
            target_code = f"({target_code})"
        header = f"for {target_code}, {row_target} in "
        replacements = [
            Replacement(loop, "".join(line + "\n" + indent for line in prelude), mode="before"),
            Replacement(target, f"{target_code}, {row_target}"),
            Replacement(loop.iter, self._zip(iterable, names.values, before=indent + header,
                                             indent=indent)),
        ]
        replacements.extend(self._site_replacements(names))
        return self._outcome(replacements)

    # -- comprehensions and generators -----------------------------------------------
    def _comprehension(self, loop: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
                       ) -> Outcome:
        for_in = loop.for_in
        if for_in.asynchronous is not None:
            raise _Refused("an `async for` comprehension")
        if for_in.inner_for_in is not None:
            raise _Refused("a comprehension with several `for` clauses")
        self._check_scope(class_body_refused=True)
        self._check_target(for_in.target, for_in.iter)
        anchor, consumer = self._anchor(loop)
        if isinstance(loop, cst.GeneratorExp) and consumer is None:
            raise _Refused("a generator is evaluated lazily, interleaved with its consumer")
        for condition in for_in.ifs:
            self._expression(condition.test, truth=True)
            self._enter_condition(condition.test)
        if isinstance(loop, cst.DictComp):
            self._expression(loop.key, truth=False)
            self._expression(loop.value, truth=False)
        else:
            self._expression(loop.elt, truth=consumer in _SHORT_CIRCUIT)
        if not self.sites:
            raise _Refused("the comprehension reads no value synclint can batch")
        self._check_sites()
        self._check_effects(*[condition.test for condition in for_in.ifs],
                            *([loop.key, loop.value] if isinstance(loop, cst.DictComp)
                              else [loop.elt]))
        if consumer in _SHORT_CIRCUIT and isinstance(loop, cst.GeneratorExp):
            self._early_exit_verdict(for_in.iter, f"`{consumer}()` stops at the first "
                                     f"{'true' if consumer == 'any' else 'false'} element")
        names = self._names()
        indent = self._indent(anchor)
        site_nodes = {id(site.node) for site in self.sites}
        uses_target = any(name in self.targets for name in self._names_outside_sites(loop,
                                                                                  site_nodes))
        iter_code = _code(for_in.iter)
        if uses_target:
            materialise = self._check_iterable_readable_twice(for_in.iter)
            prelude, row_target = self._prelude(names, _code(for_in.target), iter_code,
                                                items=materialise, indent=indent)
            target_code = _code(for_in.target)
            if isinstance(for_in.target, cst.Tuple) and not for_in.target.lpar:
                target_code = f"({target_code})"
            new_target = f"{target_code}, {row_target}"
            new_iter = self._zip(names.items if materialise else iter_code,
                                 names.values)
        else:
            prelude, row_target = self._prelude(names, _code(for_in.target), iter_code,
                                                items=False, indent=indent)
            new_target, new_iter = row_target, names.values
        replacements = [
            Replacement(anchor, "".join(line + "\n" + indent for line in prelude),
                        mode="before"),
        ]
        whole = self._whole_replacement(loop, consumer, names, uses_target)
        if whole is not None:
            replacements.append(Replacement(loop, whole))
        else:
            replacements.append(Replacement(for_in.target, new_target))
            replacements.append(Replacement(for_in.iter, new_iter))
            replacements.extend(self._site_replacements(names))
        return self._outcome(replacements)

    def _whole_replacement(self, loop: cst.CSTNode, consumer: str | None,
                           names: Names, uses_target: bool) -> str | None:
        """`[t.item() for t in ts]` is just the host list."""
        if uses_target or len(self.sites) != 1 or _has_comment(loop):
            return None
        if isinstance(loop, cst.DictComp) or loop.for_in.ifs:  # type: ignore[attr-defined]
            return None
        site = self.sites[0]
        if site.node is not loop.elt or site.mode != "item":  # type: ignore[attr-defined]
            return None
        if isinstance(loop, cst.ListComp):
            return names.values
        if isinstance(loop, cst.SetComp):
            return f"set({names.values})"
        if isinstance(loop, cst.GeneratorExp) and consumer is not None:
            return names.values
        return None

    def _unused_targets(self, loop: cst.For) -> set[str]:
        """Loop variables that nothing reads once the reads are replaced: not the body
        outside the reads, not the rest of the function (a loop variable outlives its
        loop), not the `else:` clause."""
        sites = {id(site.node) for site in self.sites}
        used = set(self._names_outside_sites(loop.body, sites))
        if loop.orelse is not None:
            used |= set(_names_in(loop.orelse))
        function = next((node for node in reversed(self.ancestors)
                         if isinstance(node, (cst.FunctionDef, cst.Module))), None)
        if function is None:
            return set()
        stack: list[cst.CSTNode] = [function]
        while stack:
            node = stack.pop()
            if node is loop:
                continue
            if isinstance(node, cst.Name):
                used.add(node.value)
            elif isinstance(node, cst.Attribute):
                stack.append(node.value)
            else:
                stack.extend(node.children)
        return self.targets - used - set(self.aliases)

    def _scope_key(self) -> int:
        scope = next((node for node in reversed(self.ancestors)
                      if isinstance(node, (cst.FunctionDef, cst.Module))), None)
        return id(scope)

    def _names_outside_sites(self, node: cst.CSTNode, sites: set[int]) -> Iterator[str]:
        if id(node) in sites:
            return
        if isinstance(node, cst.CompFor):
            for condition in node.ifs:
                yield from self._names_outside_sites(condition, sites)
            return
        if isinstance(node, cst.Name):
            yield node.value
            return
        if isinstance(node, cst.Attribute):
            yield from self._names_outside_sites(node.value, sites)
            return
        for child in node.children:
            yield from self._names_outside_sites(child, sites)

    def _anchor(self, loop: cst.CSTNode) -> tuple[cst.CSTNode, str | None]:
        """The statement before which the comprehension's values can be read, and the
        builtin consuming a generator. Everything the statement evaluates before the
        comprehension must be free of effects, and the comprehension must be evaluated
        exactly once whenever the statement runs."""
        consumer: str | None = None
        child: cst.CSTNode = loop
        for parent in reversed(self.ancestors):
            if isinstance(parent, cst.Arg):
                child = parent
                continue
            if isinstance(parent, cst.Call):
                if child is parent.func:
                    pass
                else:
                    if not _simple(parent.func):
                        raise _Refused("the comprehension is an argument of a call whose "
                                       "callee has effects")
                    for arg in parent.args:
                        if arg is child:
                            break
                        if not _simple(arg.value):
                            raise _Refused("an earlier argument of the call has effects")
                    if consumer is None and child is not loop and any(
                            a is child and a.value is loop for a in parent.args):
                        consumer = self._consumer(parent, child, strict=isinstance(
                            loop, cst.GeneratorExp))
            elif isinstance(parent, (cst.Tuple, cst.List, cst.Set)):
                for element in parent.elements:
                    if element is child:
                        break
                    if not _simple(element.value):
                        raise _Refused("an earlier element of the expression has effects")
            elif isinstance(parent, (cst.Element, cst.StarredElement, cst.UnaryOperation,
                                     cst.Attribute, cst.ComparisonTarget)):
                pass
            elif isinstance(parent, cst.BinaryOperation):
                if child is parent.right and not _simple(parent.left):
                    raise _Refused("the left operand has effects")
            elif isinstance(parent, cst.Comparison):
                if child is not parent.left and not _simple(parent.left):
                    raise _Refused("the left operand has effects")
            elif isinstance(parent, cst.BooleanOperation):
                if child is not parent.left:
                    raise _Refused("the comprehension is evaluated only sometimes "
                                   "(right of `and`/`or`)")
            elif isinstance(parent, cst.Subscript):
                if child is not parent.value:
                    raise _Refused("the comprehension is an index")
            elif isinstance(parent, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return,
                                     cst.Expr)):
                if isinstance(parent, cst.AugAssign) and not _simple(parent.target):
                    raise _Refused("the augmented target has effects")
                if getattr(parent, "value", None) is not child:
                    raise _Refused("the comprehension is not the value of its statement")
            elif isinstance(parent, cst.SimpleStatementLine):
                if len(parent.body) != 1:
                    raise _Refused("several statements share the line")
                return self._statement_anchor(parent, loop), consumer
            elif isinstance(parent, cst.If):
                if child is not parent.test:
                    raise _Refused("not a test")
                return self._statement_anchor(parent, loop), consumer
            elif isinstance(parent, cst.For):
                if child is not parent.iter:
                    raise _Refused("not an iterable")
                return self._statement_anchor(parent, loop), consumer
            else:
                raise _Refused(f"the comprehension sits in a `{type(parent).__name__}`, "
                               "where its values cannot be read ahead")
            child = parent
        raise _Refused("no statement to put the reads before")

    def _consumer(self, call: cst.Call, arg: cst.CSTNode, *, strict: bool) -> str | None:
        """The builtin a comprehension is the only argument of; a generator must have one
        (anything else may interleave its own work with the generator's)."""
        func = call.func
        positional = [a for a in call.args if a.keyword is None]
        if len(positional) == 1 and positional[0] is arg and not positional[0].star:
            if isinstance(func, cst.Name) and func.value in _CONSUMERS \
                    and self.ctx.env.lookup(func.value) is None:
                return func.value
            if isinstance(func, cst.Attribute) and func.attr.value == "join":
                return "join"
        if strict:
            raise _Refused(f"a generator consumed lazily by `{_code(func)}()`")
        return None

    def _statement_anchor(self, statement: cst.CSTNode, loop: cst.CSTNode) -> cst.CSTNode:
        index = self.ancestors.index(statement)
        parent = self.ancestors[index - 1] if index > 0 else None
        if isinstance(statement, cst.If) and isinstance(parent, cst.If) \
                and parent.orelse is statement:
            raise _Refused("an `elif` test is evaluated only when the `if` fails")
        if not isinstance(parent, (cst.IndentedBlock, cst.Module)):
            raise _Refused("the statement shares a line with its block header")
        return statement

    # -- the loop body --------------------------------------------------------------
    def _check_scope(self, *, class_body_refused: bool) -> None:
        for node in reversed(self.ancestors):
            if isinstance(node, (cst.FunctionDef, cst.Lambda)):
                return
            if isinstance(node, cst.ClassDef) and class_body_refused:
                raise _Refused("a loop in a class body (a comprehension there cannot see "
                               "the class's names)")

    def _check_target(self, target: cst.BaseExpression,
                      iterable: cst.BaseExpression | None = None) -> None:
        if not _plain_target(target):
            raise _Refused("the loop target is not a plain name or tuple of names")
        self.targets = set(_bound_names(target))
        self.host_targets = set(_int_targets(target, iterable))

    def _scan_bindings(self, body: cst.CSTNode) -> None:
        """Every name the body binds (a name bound twice cannot be an alias)."""
        counts: dict[str, int] = {}
        for node in _walk_scope(body):
            names: list[str] = []
            if isinstance(node, cst.Assign):
                for target in node.targets:
                    names.extend(_bound_names(target.target))
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
                names.extend(_bound_names(node.target))
                if isinstance(node, cst.AugAssign):
                    names.extend(_bound_names(node.target))  # read and write: never an alias
            elif isinstance(node, cst.For):
                names.extend(_bound_names(node.target))
            elif isinstance(node, cst.AsName):
                names.extend(_bound_names(node.name))
            elif isinstance(node, cst.NamedExpr):
                names.extend(_bound_names(node.target))
            elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                names.append(node.name.value)
            elif isinstance(node, cst.Del):
                names.extend(_bound_names(node.target))
            elif isinstance(node, (cst.Global, cst.Nonlocal)):
                raise _Refused(f"the loop declares `{_code(node)}`")
            for name in names:
                counts[name] = counts.get(name, 0) + 1
        self.body_bound = set(counts)
        self._bound_counts = counts

    def _find_aliases(self, statements: Sequence[cst.CSTNode]) -> None:
        """`g = p.grad` at the top of the body: reads of `g` stand for `p.grad`."""
        for statement in statements:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)):
                    continue
                name = small.targets[0].target.value
                if self._bound_counts.get(name) != 1 or name in self.targets:
                    continue
                if not self._pure(small.value) or self._has_sync(small.value):
                    continue  # an alias is re-evaluated in the first pass: it must not sync
                if any(n in self.body_bound and n not in self.aliases and n not in self.targets
                       for n in _names_in(small.value)):
                    continue
                self.aliases[name] = self._substituted(small.value)

    def _statements(self, statements: Sequence[cst.CSTNode]) -> None:
        for statement in statements:
            self._statement(statement)

    def _statement(self, node: cst.CSTNode) -> None:
        if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in node.body:
                self._small(small)
                if isinstance(small, cst.Assign) and isinstance(small.targets[0].target,
                                                                cst.Name):
                    name = small.targets[0].target.value
                    if name in self.aliases:
                        self.active.add(name)
        elif isinstance(node, cst.If):
            self._if(node)
        elif isinstance(node, cst.For):
            if node.asynchronous is not None:
                raise _Refused("an `async for` in the loop")
            self._expression(node.iter, truth=False)  # evaluated once per outer iteration
            self._nested_exits(node)
        elif isinstance(node, cst.While):
            self._nested_exits(node)  # its test and body run per inner iteration
        elif isinstance(node, cst.With):
            neutral = all(self.ctx.imports.qualify(item.item.func) in _NEUTRAL_CONTEXTS
                          if isinstance(item.item, cst.Call) else False for item in node.items)
            if not neutral:
                before = len(self.sites)
                for item in node.items:
                    self._expression(item.item, truth=False)
                self._block(node.body)
                if len(self.sites) > before:
                    raise _Refused("values read inside a `with` block (its context may "
                                   "change what they are)")
            else:
                self._block(node.body)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            pass
        elif isinstance(node, cst.Try):
            raise _Refused("a `try` statement in the loop")
        else:
            raise _Refused(f"a `{type(node).__name__}` statement in the loop")

    def _nested_exits(self, loop: cst.For | cst.While) -> None:
        for node in _walk_scope(loop):
            if isinstance(node, (cst.Return, cst.Raise)):
                self.early_exit = "the loop can stop early (`return` in a nested loop)"

    def _block(self, block: cst.BaseSuite) -> None:
        self._statements(block.body)

    def _small(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Continue):
            facts: frozenset[str] = frozenset()
            if len(self.guards) == 1 and len(self.tests) == 1:
                # `if p.grad is None: continue`: below it, p.grad is not None.
                facts = frozenset(self._not_none(self.tests[0], positive=False))
            self.continues.append((self._next(), self._conjunction(), facts)
                                  if self.exact else None)
        elif isinstance(node, cst.Break):
            self.early_exit = "the loop can stop early (`break`)"
        elif isinstance(node, cst.Return):
            if node.value is not None:
                self._expression(node.value, truth=False)
            self.early_exit = "the loop can stop early (`return`)"
        elif isinstance(node, cst.Raise):
            if node.exc is not None:
                self._expression(node.exc, truth=False)
            self.early_exit = "the loop can stop early (`raise`)"
        elif isinstance(node, cst.Assert):
            self._expression(node.test, truth=True)
            if node.msg is not None:
                saved = self.exact
                self.exact = False
                self._expression(node.msg, truth=False)
                self.exact = saved
        elif isinstance(node, cst.Expr):
            self._expression(node.value, truth=False)
        elif isinstance(node, cst.Assign):
            self._expression(node.value, truth=False)
            for target in node.targets:
                self._expression(target.target, truth=False)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            if node.value is not None:
                self._expression(node.value, truth=False)
            self._expression(node.target, truth=False)
        elif isinstance(node, (cst.Pass, cst.Import, cst.ImportFrom, cst.Del)):
            pass
        else:
            raise _Refused(f"a `{type(node).__name__}` statement in the loop")

    def _if(self, node: cst.If) -> None:
        self._expression(node.test, truth=True)
        saved_guards, saved_exact = list(self.guards), self.exact
        host = self._host_guard(node.test)
        if host is not None:
            self.guards.append(host)
        else:
            self.exact = False
        self.tests.append(node.test)
        self._block(node.body)
        self.tests.pop()
        self.guards, self.exact = list(saved_guards), saved_exact
        if node.orelse is not None:
            if host is not None:
                self.guards.append(self._negated(node.test))
            else:
                self.exact = False
            if isinstance(node.orelse, cst.If):
                self._if(node.orelse)
            else:
                self._block(node.orelse.body)
            self.guards, self.exact = saved_guards, saved_exact

    def _enter_condition(self, test: cst.BaseExpression) -> None:
        host = self._host_guard(test)
        if host is not None:
            self.guards.append(host)
        else:
            self.exact = False

    # -- expressions --------------------------------------------------------------
    def _expression(self, node: cst.CSTNode, *, truth: bool) -> None:
        """Find the host reads in an expression, with the guards under which each runs."""
        if isinstance(node, _COMPREHENSIONS):
            self._expression(node.for_in.iter, truth=False)
            return
        if isinstance(node, cst.Lambda):
            return
        if isinstance(node, (cst.Yield, cst.Await)):
            raise _Refused("the loop yields or awaits: other code runs between iterations")
        if isinstance(node, cst.NamedExpr):
            raise _Refused("an assignment expression (`:=`) in the loop")
        if truth and isinstance(node, cst.BaseExpression) and self._is_device(node):
            self._site(node, node, mode="item", truth=True)
            return
        if isinstance(node, cst.BooleanOperation):
            if not truth and self._is_device(node.left):
                # `flag = t.any() and ok` is `t.any()` itself when it is false: a Python
                # bool in its place would change the value, not just its truth.
                raise _Refused("`and`/`or` returns its tensor operand, not a bool")
            self._expression(node.left, truth=True)
            saved_guards, saved_exact = list(self.guards), self.exact
            host = self._host_guard(node.left)
            if host is None:
                self.exact = False
            elif isinstance(node.operator, cst.And):
                self.guards.append(host)
            else:
                self.guards.append(self._negated(node.left))
            self._expression(node.right, truth=truth)
            self.guards, self.exact = saved_guards, saved_exact
            return
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            self._expression(node.expression, truth=True)
            return
        if isinstance(node, cst.IfExp):
            self._expression(node.test, truth=True)
            saved_guards, saved_exact = list(self.guards), self.exact
            host = self._host_guard(node.test)
            for branch, positive in ((node.body, True), (node.orelse, False)):
                if host is None:
                    self.exact = False
                else:
                    self.guards.append(host if positive else self._negated(node.test))
                self._expression(branch, truth=truth)
                self.guards, self.exact = list(saved_guards), saved_exact
            return
        if isinstance(node, cst.FormattedStringExpression) and self._is_device(node.expression):
            raise _Refused("a tensor formatted in an f-string (a whole tensor is read)")
        if isinstance(node, cst.Call) and self._call_site(node):
            return
        for child in node.children:
            if isinstance(child, (cst.BaseExpression, cst.Arg, cst.Element, cst.StarredElement,
                                  cst.ComparisonTarget, cst.SubscriptElement, cst.Index,
                                  cst.Slice, cst.FormattedStringExpression, cst.DictElement)):
                self._expression(child, truth=False)

    def _call_site(self, node: cst.Call) -> bool:
        """Whether the call is a host read (recorded as a site, or refused)."""
        method = self._meth(node)
        if method is not None:
            receiver, name = method
            kind = self.ctx.kind(receiver)
            device = kind in DEVICE_TENSORS
            if name == "item" and not node.args:
                if device:
                    self._site(node, receiver, mode="item", truth=False)
                    return True
                if kind is UNKNOWN and (self.ctx.imports.torch_imported
                                        or self.ctx.mentions_torch):
                    self._site(node, receiver, mode="item", truth=False, proven=False)
                    return True
                return False
            if not device:
                return False
            if name == "tolist" and not node.args:
                if not self._scalar(receiver):
                    raise _Refused("`.tolist()` of a tensor that may hold several values")
                self._site(node, receiver, mode="item", truth=False)
                return True
            if name in ("cpu", "numpy"):
                raise _Refused(f"`.{name}()` copies a whole tensor to the host")
            if name == "to" and any(self._cpu(arg.value) for arg in node.args):
                raise _Refused("`.to('cpu')` copies a whole tensor to the host")
            return False
        func = node.func
        if isinstance(func, cst.Name) and self.ctx.env.lookup(func.value) is None:
            positional = _positional(node)
            tensors = [arg for arg in positional if self._is_device(arg)]
            if not tensors:
                return False
            if func.value in ("float", "int", "bool") and len(node.args) == 1:
                self._site(node, tensors[0], mode="arg", truth=False)
                return True
            if func.value in ("complex", "str", "repr", "print", "format"):
                raise _Refused(f"`{func.value}()` of a tensor reads the whole tensor")
            return False
        qualified = self.ctx.imports.qualify(func)
        if qualified is not None and qualified.startswith("math.") and len(node.args) == 1:
            argument = node.args[0].value
            if self._is_device(argument):
                self._site(node, argument, mode="arg", truth=False)
                return True
        if qualified is not None and qualified.startswith(("numpy.asarray", "numpy.array")) \
                and any(self._is_device(arg.value) for arg in node.args):
            raise _Refused("a tensor converted to a NumPy array")
        return False

    def _cpu(self, node: cst.BaseExpression) -> bool:
        from synclint.analysis.infer import is_cpu_device

        return is_cpu_device(node)

    def _site(self, node: cst.CSTNode, value: cst.BaseExpression, *, mode: str, truth: bool,
              proven: bool = True) -> None:
        if self._has_sync(self._substituted(value)):
            raise _Refused(f"computing `{_code(value)}` itself reads device data (a shape "
                           "that depends on the values): a first pass would sync as often")
        if not self._pure(value):
            raise _Refused(f"the value read, `{_code(value)}`, calls something that may "
                           "have effects")
        for name in _names_in(value):
            if name in self.body_bound and name not in self.active:
                raise _Refused(f"the value read depends on `{name}`, which the loop "
                               "body assigns")
        # In the order the loop evaluates them: an earlier guard may protect a later one.
        ordered = [(order, code) for order, code, _ in self.guards]
        facts: set[str] = set()
        for _, _, known in self.guards:
            facts |= known
        exact = self.exact
        for skipped in self.continues:
            if skipped is None:
                exact = False
            else:
                ordered.append((skipped[0], _negate(skipped[1])))
                facts |= skipped[2]
        guards = [code for _, code in sorted(ordered)]
        self.sites.append(_Site(node, value, mode, truth, tuple(guards), frozenset(facts),
                                exact, proven))

    # -- guards -------------------------------------------------------------------
    def _next(self) -> int:
        self._order += 1
        return self._order

    def _host_guard(self, test: cst.BaseExpression) -> tuple[int, str, frozenset[str]] | None:
        """The guard's code (aliases substituted) and the expressions it proves not None,
        or None when the test depends on tensor values or may have effects."""
        if not self._host_pure(test) or not self._sync_free(test, truth=True) \
                or self._has_sync(self._substituted(test)):
            return None
        names = set(_names_in(test))
        for name in names:
            if name in self.body_bound and name not in self.active:
                return None
        for name in names:
            alias = self.aliases.get(name)
            self.guard_names.update(_names_in(alias) if alias is not None else (name,))
        code = self._guard_code(test)
        return self._next(), code, frozenset(self._not_none(test, positive=True))

    def _negated(self, test: cst.BaseExpression) -> tuple[int, str, frozenset[str]]:
        code = self._guard_code(test)
        return self._next(), _negate(code), frozenset(self._not_none(test, positive=False))

    def _guard_code(self, test: cst.BaseExpression) -> str:
        node = self._substituted(test)
        code = _code(node)
        if isinstance(node, (cst.BooleanOperation, cst.IfExp, cst.Lambda)) and not node.lpar:
            return f"({code})"
        return code

    def _not_none(self, test: cst.BaseExpression, *, positive: bool) -> Iterator[str]:
        if isinstance(test, cst.BooleanOperation):
            split = cst.And if positive else cst.Or
            if isinstance(test.operator, split):
                yield from self._not_none(test.left, positive=positive)
                yield from self._not_none(test.right, positive=positive)
            return
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            comparison = test.comparisons[0]
            wanted = cst.IsNot if positive else cst.Is
            if isinstance(comparison.operator, wanted) and isinstance(
                    comparison.comparator, cst.Name) and comparison.comparator.value == "None":
                yield _code(self._substituted(test.left))

    def _sync_free(self, node: cst.BaseExpression, *, truth: bool) -> bool:
        """Evaluating the guard cannot read a tensor: the fix evaluates it once more, in
        its first pass. Comparisons and truth tests need operands known to be host values
        (a tensor `scale > 0` syncs); identity tests, `isinstance` and metadata never
        read a tensor."""
        if isinstance(node, cst.BooleanOperation):
            return self._sync_free(node.left, truth=truth) and \
                self._sync_free(node.right, truth=truth)
        if isinstance(node, cst.UnaryOperation):
            return self._sync_free(node.expression, truth=True)
        if isinstance(node, cst.Comparison):
            if all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in node.comparisons):
                return True
            operands = [node.left, *(c.comparator for c in node.comparisons)]
            if all(isinstance(c.operator, (cst.In, cst.NotIn)) for c in node.comparisons):
                # `name in skip`: a membership test in a list, tuple, set or literal of
                # host values compares host values (a tensor on the left would sync).
                return self._known_host(node.left) and all(
                    isinstance(c.comparator, (cst.List, cst.Tuple, cst.Set, cst.SimpleString))
                    or self._known_sequence(c.comparator) or self._known_host(c.comparator)
                    for c in node.comparisons)
            return all(self._known_host(o) for o in operands)
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name) and func.value in ("isinstance", "hasattr",
                                                             "callable", "len"):
                return True
            return self._known_host(node)
        if truth:
            return self._known_host(node) or isinstance(node, (cst.Name, cst.Attribute)) \
                and self.ctx.kind(node) is UNKNOWN
        return self._known_host(node)

    def _known_host(self, node: cst.BaseExpression) -> bool:
        """A host value for certain: a literal, a host-kind name, a loop index, tensor
        metadata, or arithmetic of those."""
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString,
                             cst.FormattedString)):
            return True
        if isinstance(node, cst.Name):
            if node.value in ("None", "True", "False") or node.value in self.host_targets:
                return True
            alias = self.aliases.get(node.value)
            if alias is not None:
                return self._known_host(alias)
            return self.ctx.kind(node) is HOST and node.value not in self.targets
        if isinstance(node, (cst.BinaryOperation,)):
            return self._known_host(node.left) and self._known_host(node.right)
        if isinstance(node, cst.UnaryOperation):
            return self._known_host(node.expression)
        if isinstance(node, cst.Attribute):
            return self._is_device(node.value) and node.attr.value in (
                "shape", "dtype", "device", "ndim", "requires_grad", "is_cuda", "is_leaf")
        if isinstance(node, cst.Subscript):
            return isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape" \
                and self._is_device(node.value.value)
        if isinstance(node, cst.Call):
            method = _method(node)
            if method is not None and method[1] in ("numel", "dim", "size", "nelement",
                                                    "element_size", "is_floating_point",
                                                    "is_complex"):
                return self._is_device(method[0])
            if isinstance(node.func, cst.Name) and node.func.value == "len" \
                    and self.ctx.env.lookup("len") is None:
                return True
        return False

    def _conjunction(self) -> str:
        if not self.guards:
            return "True"
        return " and ".join(code for _, code, _ in self.guards)

    def _host_pure(self, node: cst.CSTNode) -> bool:
        """A test that reads host values only, with no effects."""
        if isinstance(node, cst.BaseExpression) and self._is_device(node):
            return False
        if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString,
                             cst.ConcatenatedString)):
            return True
        if isinstance(node, cst.Attribute):
            return self._host_pure(node.value) if not self._is_device(node.value) \
                else node.attr.value in ("grad", "data", "shape", "dtype", "device", "ndim",
                                         "requires_grad", "is_cuda", "is_leaf")
        if isinstance(node, cst.Comparison):
            return self._operand_pure(node.left) and all(
                self._operand_pure(t.comparator) for t in node.comparisons)
        if isinstance(node, (cst.BooleanOperation,)):
            return self._host_pure(node.left) and self._host_pure(node.right)
        if isinstance(node, cst.BinaryOperation):
            return self._known_host(node)
        if isinstance(node, cst.UnaryOperation):
            return self._host_pure(node.expression)
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return all(self._host_pure(e.value) for e in node.elements)
        if isinstance(node, cst.Subscript):
            return self._operand_pure(node.value) and all(
                isinstance(e.slice, cst.Index) and self._host_pure(e.slice.value)
                for e in node.slice)
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name):
                ok = func.value in _HOST_GUARD_CALLS and self.ctx.env.lookup(func.value) is None
            elif isinstance(func, cst.Attribute):
                ok = func.attr.value in _HOST_GUARD_METHODS and self._operand_pure(func.value)
            else:
                ok = False
            return ok and all(self._operand_pure(a.value) for a in node.args)
        return False

    def _operand_pure(self, node: cst.BaseExpression) -> bool:
        """An operand of a host test: may be a tensor (`p.grad is None`) but no effects."""
        if self._is_device(node):
            return self._pure(node) and not self._has_sync(node)
        return self._host_pure(node)

    def _has_sync(self, node: cst.CSTNode) -> bool:
        """The expression reads device data on the host somewhere: a host read, or an
        operation whose result's shape depends on the data (`.nonzero()`, `t[mask]`)."""
        if isinstance(node, cst.Call):
            method = self._meth(node)
            name = method[1] if method is not None else (
                (self.ctx.imports.qualify(node.func) or "").rsplit(".", 1)[-1])
            if name in _SYNCING_OPS:
                return True
            if name == "where" and len(node.args) == 1:
                return True
        if isinstance(node, cst.Subscript) and self._is_device(node.value):
            for element in node.slice:
                index = element.slice
                if isinstance(index, cst.Index) and self._bool_tensor(index.value):
                    return True
        return any(self._has_sync(child) for child in node.children)

    # -- purity, effects, totality -------------------------------------------------------
    def _is_device(self, node: cst.CSTNode) -> bool:
        return isinstance(node, cst.BaseExpression) and self.ctx.kind(node) in DEVICE_TENSORS

    def _pure(self, node: cst.CSTNode) -> bool:
        """A tensor expression with no effects (torch ops, tensor methods, attributes)."""
        if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Attribute):
            return self._pure(node.value)
        if isinstance(node, (cst.BinaryOperation,)):
            return self._pure(node.left) and self._pure(node.right)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) and self._pure(node.expression)
        if isinstance(node, cst.Comparison):
            return self._pure(node.left) and all(
                self._pure(t.comparator) for t in node.comparisons)
        if isinstance(node, (cst.Tuple, cst.List)):
            return all(self._pure(e.value) for e in node.elements)
        if isinstance(node, cst.Subscript):
            return self._pure(node.value) and all(
                isinstance(e.slice, cst.Index) and self._pure(e.slice.value)
                for e in node.slice)
        if isinstance(node, cst.Call):
            if not all(self._pure(arg.value) for arg in node.args):
                return False
            func = node.func
            qualified = self.ctx.imports.qualify(func)
            if qualified is not None:
                parts = qualified.split(".")
                return (parts[0] == "torch" and not parts[-1].endswith("_")
                        and (len(parts) == 2 or parts[1] in ("linalg", "special"))
                        and parts[-1] not in ("manual_seed", "save", "load"))
            if isinstance(func, cst.Attribute):
                name = func.attr.value
                if name.endswith("_") or name in _EFFECTFUL_METHODS:
                    return False
                if name == "to" and any(self._cpu(arg.value) for arg in node.args):
                    return False
                receiver = self.ctx.kind(func.value)
                return (receiver in DEVICE_TENSORS or receiver is UNKNOWN) and self._pure(
                    func.value)
            if isinstance(func, cst.Name):
                return func.value in ("abs", "len") and self.ctx.env.lookup(func.value) is None
        return False

    def _total(self, node: cst.CSTNode, facts: frozenset[str]) -> bool:
        """The expression cannot raise: its reads exist and its ops accept any tensor."""
        if isinstance(node, cst.Name):
            return self._is_device(node) or node.value in self.aliases
        if isinstance(node, (cst.Integer, cst.Float)):
            return True
        if isinstance(node, cst.Attribute):
            if node.attr.value == "data":
                return self._total(node.value, facts)
            if node.attr.value == "grad":
                return _code(self._substituted(node)) in facts and self._total(node.value, facts)
            return False
        if isinstance(node, cst.Comparison):
            return self._total(node.left, facts) and all(
                isinstance(t.comparator, (cst.Integer, cst.Float)) for t in node.comparisons)
        if isinstance(node, cst.Call):
            method = self._meth(node)
            if method is not None:
                return not node.args and method[1] in _TOTAL and self._total(method[0], facts)
            qualified = self.ctx.imports.qualify(node.func)
            if qualified is not None and qualified.startswith("torch.") and len(node.args) == 1:
                return qualified[6:] in _TOTAL and self._total(node.args[0].value, facts)
        return False

    def _check_early_exit(self) -> None:
        """A loop that can stop early never reads the elements after the stop: the fix
        would (and a read there may raise: a meta tensor, a missing value)."""
        if self.early_exit is not None:
            raise _Refused(f"{self.early_exit}: the fix would read elements the loop "
                           "never reaches")

    def _check_sites(self) -> None:
        """Refuse a fix that would make a read the original does not make, or read a
        value that is not the loop's own."""
        for site in self.sites:
            self._check_bare_truth(site)
            self._check_conditional_read(site)
            self._check_narrowed(site)
            self._check_depends_on_loop(site)

    def _check_bare_truth(self, site: _Site) -> None:
        """`if batch_image:` where only an annotation says `batch_image` is a tensor: a list
        there is tested for emptiness, and the fix would read it as a tensor."""
        if site.truth and isinstance(site.node, (cst.Name, cst.Subscript, cst.Attribute)) \
                and not isinstance(self._substituted(site.value), (cst.Call, cst.Comparison,
                                                                   cst.BinaryOperation)):
            raise _Refused(f"the truth of `{_code(site.node)}` itself is tested: a tensor only "
                           "by its annotation, and a list there would be tested for emptiness")

    def _check_conditional_read(self, site: _Site) -> None:
        """A read under a condition on tensor values happens in the fix for every
        element: only reads that cannot raise may be made where the original did not."""
        if not site.exact and not self._total(self._substituted(site.value), site.facts):
            raise _Refused(f"`{_code(site.value)}` is read only where a tensor condition "
                           "holds; the fix would read it every time, and it may raise")

    def _check_narrowed(self, site: _Site) -> None:
        """`if isinstance(v, np.floating): v.item()`: `v` is not a tensor there; under
        `isinstance(v, torch.Tensor)` it is one."""
        if site.proven:
            return
        for guard in site.guards:
            if "isinstance(" not in guard:
                continue
            if guard.startswith("not") or "Tensor" not in guard or " or " in guard:
                raise _Refused(f"`{_code(site.value)}` is narrowed by `isinstance`: it may "
                               "not be a tensor")
            site.proven = True

    def _check_proven(self, site: _Site) -> None:
        """`.item()` of a value the analysis cannot prove a tensor: a NumPy scalar there
        would make `torch.stack` fail."""
        if not site.proven:
            self.unsafe.append(f"`{_code(site.value)}` may not be a tensor")

    def _check_depends_on_loop(self, site: _Site) -> None:
        """A read of something other than the current element reads state the body may
        change between iterations (an accumulator): the fix would read it too early."""
        if not set(_names_in(self._substituted(site.value))) & self.targets:
            raise _Refused(f"`{_code(site.value)}` does not depend on the loop variable: it "
                           "reads state the loop may change")

    def _check_effects(self, *bodies: cst.CSTNode) -> None:
        """Refused when the body writes to what a read reads before the read would run
        (an accumulator zeroed and refilled, a tensor changed in place first), or rebinds
        it; unsafe when it may change what the reads read in ways that cannot be seen."""
        roots: set[str] = set()
        for site in self.sites:
            for name in _names_in(self._substituted(site.value)):
                roots.add(name)
        for name in roots & self.targets:
            if self._bound_counts.get(name):
                raise _Refused(f"the loop body rebinds `{name}`")
        watched = roots | self.guard_names
        order = {id(node): index for body in bodies
                 for index, node in enumerate(_walk_scope(body))}
        last_read = max((order.get(id(site.node), -1) for site in self.sites), default=-1)
        for node in (node for body in bodies for node in _walk_scope(body)):
            if isinstance(node, cst.Call):
                reason = self._call_effect(node)
                method = self._meth(node)
                if method is not None and method[1] in _CONTAINER_MUTATORS \
                        and _root(method[0]) in self.guard_names:
                    raise _Refused(f"the loop changes `{_code(method[0])}`, which a condition "
                                   "reads: the conditions cannot be evaluated ahead")
                written = self._real_root(method[0]) if method is not None else None
                if reason is not None and written in roots:
                    self._write(written, reason, order.get(id(node), 0), last_read)
                if reason is not None:
                    self.unsafe.append(reason)
            elif isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                    else [node.target]
                for target in targets:
                    for element in _target_elements(target):
                        if isinstance(element, (cst.Attribute, cst.Subscript)):
                            root = self._real_root(element)
                            if root is not None and (root in watched or root in self.aliases):
                                reason = (f"the loop assigns to `{_code(element)}`, which the "
                                          "reads may depend on")
                                if root in roots:
                                    self._write(root, reason, order.get(id(node), 0),
                                                last_read)
                                self.unsafe.append(reason)
                if isinstance(node, cst.AugAssign):
                    self._augmented_effect(node)
            elif isinstance(node, (cst.Yield, cst.Await)):
                raise _Refused("the loop yields or awaits: other code runs between iterations")

    def _augmented_effect(self, node: cst.AugAssign) -> None:
        """`a += b` on a tensor changes it in place: another element may be that tensor."""
        if isinstance(node.target, cst.Name) and self._is_device(node.target):
            self.unsafe.append(f"`{_code(node.target)} {_code(node.operator).strip()} ...` "
                               "may modify a tensor in place")

    def _real_root(self, node: cst.BaseExpression) -> str | None:
        root = _root(node)
        alias = self.aliases.get(root) if root is not None else None
        return _root(alias) if alias is not None else root

    def _write(self, root: str, reason: str, position: int, last_read: int) -> None:
        """A write to `root`, which a read reads: the fix reads every value before the
        first write, so the write must come after every read, and touch only this
        iteration's element (a loop variable)."""
        if root not in self.targets:
            raise _Refused(f"{reason}: `{root}` is not the loop variable, so the fix would "
                           "read it before the loop writes to it")
        if position < last_read:
            raise _Refused(f"{reason} before reading it")

    def _call_effect(self, node: cst.Call) -> str | None:
        func = node.func
        qualified = self.ctx.imports.qualify(func)
        if qualified is not None:
            head = qualified.split(".")[0]
            if head in ("math", "logging", "warnings"):
                return None
            if head == "torch" and self._pure_torch(qualified):
                return None
            return f"the loop calls `{qualified}()`, which may modify the tensors it reads"
        if isinstance(func, cst.Name):
            if func.value in _HARMLESS_BUILTINS and self.ctx.env.lookup(func.value) is None:
                return None
            return f"the loop calls `{func.value}()`, which may modify the tensors it reads"
        if isinstance(func, cst.Attribute):
            name = func.attr.value
            receiver = self.ctx.kind(func.value)
            if name.endswith("_") and not name.startswith("_"):
                return f"`.{name}()` modifies a tensor in place"
            if name in _EFFECTFUL_METHODS - {"item", "tolist", "cpu", "numpy"}:
                return f"`.{name}()` has effects on the tensors"
            if receiver in DEVICE_TENSORS:
                return None
            if name in _HARMLESS_METHODS:
                return None
            return f"the loop calls `.{name}()`, which may modify the tensors it reads"
        return "the loop calls a computed function"

    def _pure_torch(self, qualified: str) -> bool:
        parts = qualified.split(".")
        return not parts[-1].endswith("_") and (
            len(parts) == 2 or parts[1] in ("linalg", "special", "nn"))

    def _check_iterable_unchanged(self, iterable: cst.BaseExpression, body: cst.CSTNode) -> None:
        root = _root(iterable)
        if root is None:
            return
        if root in self.body_bound:
            raise _Refused(f"the loop body rebinds `{root}`, part of what it iterates over")
        for node in _walk_scope(body):
            if isinstance(node, cst.Call):
                method = self._meth(node)
                if method is not None and method[1] in _CONTAINER_MUTATORS \
                        and _root(method[0]) == root and _code(method[0]) == _code(iterable):
                    raise _Refused(f"the loop body changes `{root}`, the sequence it "
                                   "iterates over")

    def _early_exit_verdict(self, iterable: cst.BaseExpression, why: str) -> None:
        """`any()` / `all()` stop at the first deciding element; the fix computes every
        element's condition first."""
        total = all(self._total(self._substituted(site.value), site.facts) for site in self.sites)
        if not total:
            raise _Refused(f"{why}; the fix would compute conditions the original never "
                           "reaches, and they may raise")
        if not self._collection(iterable):
            raise _Refused(f"{why}; the fix would consume the whole iterable first")
        self.unsafe.append(f"{why}; the fix computes every element's condition first (a "
                           "tensor that cannot be read, such as one on the meta device, "
                           "then fails)")

    def _check_iterable_readable_twice(self, iterable: cst.BaseExpression) -> bool:
        """Whether the fix must copy the iterable into a list first (False: iterating it
        twice gives the same elements). Refused where copying it could change what runs
        when: a generator or progress bar would run ahead of the loop body."""
        if self._collection(iterable):
            return False
        if isinstance(iterable, (cst.Name, cst.Attribute)) and _simple(iterable):
            self.unsafe.append(f"`{_code(iterable)}` may be an iterator (a generator or "
                               "progress bar), which the fix drains before the loop body "
                               "runs")
            return True
        raise _Refused(f"the loop iterates `{_code(iterable)}`, which may be a generator: "
                       "the fix would run it ahead of the loop body")

    def _known_sequence(self, iterable: cst.BaseExpression) -> bool:
        """A name bound once in its function to a list or tuple (by annotation or value)."""
        if not isinstance(iterable, cst.Name):
            return False
        function = next((node for node in reversed(self.ancestors)
                         if isinstance(node, cst.FunctionDef)), None)
        if function is None:
            return False
        name = iterable.value
        bindings: list[cst.BaseExpression | None] = []
        for param in (*function.params.params, *function.params.kwonly_params,
                      *function.params.posonly_params):
            if param.name.value == name:
                annotation = param.annotation.annotation if param.annotation else None
                bindings.append(annotation if _sequence_annotation(annotation) else None)
        for node in _walk_scope(function.body):
            if isinstance(node, cst.Assign):
                if any(name in _bound_names(t.target) for t in node.targets):
                    simple = len(node.targets) == 1 and isinstance(node.targets[0].target,
                                                                   cst.Name)
                    bindings.append(node.value if simple and _sequence_value(node.value)
                                    else None)
            elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName,
                                   cst.NamedExpr, cst.CompFor)):
                target = node.name if isinstance(node, cst.AsName) else node.target
                if name in _bound_names(target):
                    bindings.append(None)
            elif isinstance(node, (cst.Global, cst.Nonlocal)):
                if any(n.name.value == name for n in node.names):
                    return False
        return bool(bindings) and all(binding is not None for binding in bindings)

    def _collection(self, iterable: cst.BaseExpression) -> bool:
        """A finite iterable that the fix may iterate twice and read in full without
        changing anything: literals, `range`, `.parameters()`, dict views, names bound
        only to lists or tuples, and `zip`/`enumerate`/... of those."""
        if isinstance(iterable, (cst.List, cst.Tuple)):
            return True
        method = _method(iterable)
        if method is not None and method[1] in _COLLECTION_METHODS and (
                _simple(method[0]) or self._collection(method[0])):
            return True
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) \
                and self.ctx.env.lookup(iterable.func.value) is None:
            name = iterable.func.value
            if name == "range":
                # Evaluated twice: its arguments must be free of effects.
                return all(_effect_free(arg.value) for arg in iterable.args)
            if name in ("zip", "enumerate", "reversed", "sorted", "list", "tuple"):
                return all(self._collection(arg.value) or _simple(arg.value)
                           and isinstance(arg.value, cst.Integer)
                           for arg in iterable.args)
        return self._known_sequence(iterable)

    # -- code generation -------------------------------------------------------------
    def _substituted(self, node: cst.BaseExpression) -> cst.BaseExpression:
        if not self.aliases:
            return node
        result = node.visit(_Substitute(self.aliases))
        assert isinstance(result, cst.BaseExpression)
        return result

    def _scalar(self, node: cst.BaseExpression) -> bool:
        """Whether the tensor is provably 0-d."""
        node = self._substituted(node) if isinstance(node, cst.Name) and \
            node.value in self.aliases else node
        if isinstance(node, cst.Call):
            method = self._meth(node)
            if method is not None:
                receiver, name = method
                positional = _positional(node)
                keywords = _keywords(node)
                if "dim" in keywords or "axis" in keywords:
                    return False
                if name in _SCALAR_REDUCTIONS:
                    return not positional or (name == "norm" and len(positional) == 1)
                if name in _ELEMENTWISE:
                    return self._scalar(receiver)
                return False
            qualified = self.ctx.imports.qualify(node.func)
            if qualified is not None and qualified.startswith("torch."):
                name = qualified.rsplit(".", 1)[1]
                positional = _positional(node)
                keywords = _keywords(node)
                if not positional or "dim" in keywords or "axis" in keywords:
                    return False
                if name in _SCALAR_REDUCTIONS:
                    return len(positional) == 1 or (
                        name in ("norm", "vector_norm") and len(positional) == 2)
                if name in _ELEMENTWISE:
                    return self._scalar(positional[0])
            return False
        if isinstance(node, cst.Attribute) and node.attr.value in ("data", "real"):
            return self._scalar(node.value)
        if isinstance(node, cst.UnaryOperation):
            return self._scalar(node.expression)
        if isinstance(node, (cst.BinaryOperation, cst.Comparison)):
            operands = [node.left, node.right] if isinstance(node, cst.BinaryOperation) \
                else [node.left] + [t.comparator for t in node.comparisons]
            tensors = [o for o in operands if self._is_device(o)]
            return bool(tensors) and all(self._scalar(o) for o in tensors)
        return False

    def _value_class(self, site: _Site) -> str:
        """The class of the value's dtype where every element's value has the same one:
        "float" (any floating dtype: stacking them keeps every value), "bool", "int"
        (int64), or "unknown"."""
        node = self._substituted(site.value)
        kind = self.ctx.kind(site.value)
        if kind is BOOL_TENSOR:
            return "bool"
        if kind is F64_TENSOR:
            return "float"
        while True:
            if isinstance(node, cst.Comparison):
                return "bool"
            if isinstance(node, cst.Call):
                method = self._meth(node)
                name = method[1] if method is not None else (
                    (self.ctx.imports.qualify(node.func) or "").rsplit(".", 1)[-1])
                if name in _FLOAT_RESULTS:
                    return "float"
                if name in _BOOL_RESULTS:
                    return "bool"
                if name in _INT_RESULTS:
                    return "int"
                if name in ("sum", "count_nonzero") and method is not None \
                        and not _positional(node) and not node.args \
                        and self._bool_tensor(method[0]):
                    return "int"
                if name in ("detach", "clone", "contiguous") and method is not None:
                    node = method[0]
                    continue
            return "unknown"

    def _uniform(self) -> bool:
        """One stack keeps every value and its Python type: every value read has a dtype
        of one known class (any floating dtypes, all bool, all int64); conditions next to
        them keep their truth under promotion. Otherwise the fix stacks per dtype."""
        classes = {self._value_class(site) for site in self.sites if not site.truth}
        return len(classes) <= 1 and "unknown" not in classes

    def _bool_tensor(self, node: cst.BaseExpression) -> bool:
        if self.ctx.kind(node) is BOOL_TENSOR:
            return True
        if isinstance(node, cst.Comparison):
            return any(self._is_device(o) for o in (node.left, *(c.comparator for c in
                                                                  node.comparisons)))
        return False

    def _word(self, site: _Site) -> str:
        """What the value is, in a word, for the names of the fix."""
        node: cst.BaseExpression = self._substituted(site.value)
        grad = ".grad" in _code(node)
        word = "flag" if site.truth else "value"
        while True:
            if isinstance(node, cst.Call):
                method = self._meth(node)
                name = method[1] if method is not None else (
                    (self.ctx.imports.qualify(node.func) or "").rsplit(".", 1)[-1])
                if name in _RENDER_WORDS:
                    word = _RENDER_WORDS[name]
                    break
                args = _positional(node)
                if method is not None:
                    node = method[0]
                elif args:
                    node = args[0]
                else:
                    break
                continue
            if isinstance(node, cst.Name) and not site.truth and not grad \
                    and node.value not in self.targets and len(node.value) > 2:
                word = node.value
            elif isinstance(node, cst.Name) and not site.truth and node.value in self.targets \
                    and len(node.value) > 2 and len(self.sites) == 1:
                word = f"{node.value}_value"
            break
        if grad and word not in ("flag", "value"):
            word = f"grad_{word}"
        return word

    def _collected(self, site: _Site) -> str:
        node = self._substituted(site.value)
        code = _code(node)
        if not self._scalar(site.value):
            code = f"{code if _atomic(node) else f'({code})'}.reshape(())"
        if site.guards:
            if isinstance(node, (cst.IfExp, cst.Lambda)) and not node.lpar:
                code = f"({code})"
            code = f"{code} if {' and '.join(site.guards)} else None"
        return code

    def _names(self) -> Names:
        scope: cst.CSTNode | None = None
        for node in reversed(self.ancestors):
            if isinstance(node, (cst.FunctionDef, cst.Module)):
                scope = node
                break
        key = id(scope)
        used = self.state.identifiers.get(key)
        if used is None:
            used = _scope_names(scope) if scope is not None \
                else identifiers(self.ctx.source)
            self.state.identifiers[key] = used
        taken = self.state.taken.setdefault(key, set())
        reads = tuple(Read("", self._word(site), bool(site.guards)) for site in self.sites)
        names = choose_names(reads, used | taken)
        taken.update(names.row, (names.items, names.reads, names.flat, names.host,
                                names.device, names.values))
        return names

    def _prelude(self, names: Names, target: str, iterable: str, *, items: bool,
                 indent: str) -> tuple[list[str], str]:
        """The statements that read every value with one transfer, and the target that
        receives a row of Python values."""
        module = self.ancestors[0] if self.ancestors else None
        unit = module.default_indent if isinstance(module, cst.Module) else "    "
        plan = Plan(
            reads=tuple(Read(self._collected(site), "", bool(site.guards))
                        for site in self.sites),
            target=target, source=names.items if items else iterable,
            materialise=iterable if items else None, uniform=self._uniform(),
            indent=indent, unit=unit, line_length=self.ctx_line_length())
        return prelude(plan, names)

    def ctx_line_length(self) -> int:
        return self.ctx.style.line_length

    def _zip(self, iterable: str, values: str, *, before: str = "", indent: str = "") -> str:
        """`zip(iterable, values)`, split over lines as black would when the `for` line
        (`before` it, `:` after it) would be too long."""
        strict = ", strict=True" if self.ctx.style.zip_strict else ""
        code = f"zip({iterable}, {values}{strict})"
        if not before or len(before) + len(code) + 1 <= self.ctx_line_length():
            return code
        module = self.ancestors[0] if self.ancestors else None
        unit = module.default_indent if isinstance(module, cst.Module) else "    "
        head = before[len(indent):]
        lines = layout_statement(head, code, indent=indent, unit=unit,
                          line_length=self.ctx_line_length(), tail=":")
        lines[0] = lines[0][len(head):]
        lines[-1] = lines[-1][:-1]
        return lines[0] + "".join("\n" + indent + line for line in lines[1:])

    def _site_replacements(self, names: Names) -> list[Replacement]:
        result: list[Replacement] = []
        for name, site in zip(names.row, self.sites):
            if site.mode == "item":
                result.append(Replacement(site.node, name))
            else:
                result.append(Replacement(site.value, name))
        return result

    def _indent(self, statement: cst.CSTNode) -> str:
        module = self.ancestors[0] if self.ancestors else None
        default = module.default_indent if isinstance(module, cst.Module) else "    "
        indent = ""
        for node in self.ancestors:
            if node is statement:
                break
            if isinstance(node, cst.IndentedBlock):
                indent += node.indent if node.indent is not None else default
        return indent

    def _outcome(self, replacements: list[Replacement]) -> Outcome:
        for site in self.sites:
            self._check_proven(site)
        count = len(self.sites)
        what = "value" if count == 1 else "values"
        message = (f"Read the loop's {count} tensor {what} per element in one pass, stack "
                   "them and transfer once (`.tolist()`), then loop over Python values")
        if self.unsafe:
            reason = self.unsafe[0]
            fix = PendingFix(Applicability.UNSAFE, f"{message} (unsafe: {reason})",
                             tuple(replacements), ("torch",))
            return Outcome(fix, reason)
        return Outcome(PendingFix(Applicability.SAFE, message, tuple(replacements),
                                  ("torch",)))


_OPPOSITES: dict[type[cst.BaseCompOp], cst.BaseCompOp] = {
    cst.Is: cst.IsNot(), cst.IsNot: cst.Is(), cst.In: cst.NotIn(), cst.NotIn: cst.In(),
}


def _negate(code: str) -> str:
    """`not (code)`, written as a maintainer would where that is exact: `x is not None`
    for `not (x is None)`, `x` for `not (not x)` (only its truth is used)."""
    try:
        node = cst.parse_expression(code)
    except cst.ParserSyntaxError:
        return f"not ({code})"
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and not node.lpar:
        comparison = node.comparisons[0]
        opposite = _OPPOSITES.get(type(comparison.operator))
        if opposite is not None:
            flipped = comparison.with_changes(operator=opposite)
            return _code(node.with_changes(comparisons=[flipped]))
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        inner = node.expression
        return _code(inner) if _atomic(inner) else f"({_code(inner)})"
    if isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or node.lpar:
        return f"not {code}"
    return f"not ({code})"


def _scope_names(scope: cst.CSTNode) -> set[str]:
    """Every name a scope (and what it contains) uses or binds: attribute names and
    keywords are not names, so `.norm()` does not keep the fix from naming a value
    `norm`."""
    names: set[str] = set()
    stack = [scope]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            names.add(node.value)
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
            continue
        elif isinstance(node, cst.Arg):
            stack.append(node.value)
            continue
        stack.extend(node.children)
    return names


def _effect_free(node: cst.BaseExpression) -> bool:
    """Evaluating it twice gives the same value and does nothing else: names, attributes,
    literals, constant indexes, arithmetic and `len()` of those (`x.shape[0] - 1`)."""
    if _simple(node):
        return True
    if isinstance(node, cst.Subscript):
        return _effect_free(node.value) and all(
            isinstance(e.slice, cst.Index) and _effect_free(e.slice.value) for e in node.slice)
    if isinstance(node, cst.BinaryOperation):
        return _effect_free(node.left) and _effect_free(node.right)
    if isinstance(node, cst.UnaryOperation):
        return _effect_free(node.expression)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
            and node.func.value == "len" and len(node.args) == 1:
        return _effect_free(node.args[0].value)
    return False


def _simple(node: cst.BaseExpression) -> bool:
    """Evaluating it has no effects: a name, a dotted name or a literal."""
    if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(node, cst.Attribute):
        return _simple(node.value)
    return False


def _int_targets(target: cst.BaseExpression,
                 iterable: cst.BaseExpression | None) -> Iterator[str]:
    """The loop variables bound to host values for certain: `for i in range(n)`, the index
    of `enumerate`, the name of `named_parameters()`."""
    method = _method(iterable) if iterable is not None else None
    if method is not None and method[1] in ("named_parameters", "named_buffers",
                                            "named_modules", "named_children") \
            and isinstance(target, (cst.Tuple, cst.List)) and target.elements \
            and isinstance(target.elements[0].value, cst.Name):
        yield target.elements[0].value.value  # the name: a str
        return
    if not isinstance(iterable, cst.Call) or not isinstance(iterable.func, cst.Name):
        return
    name = iterable.func.value
    if name == "reversed" and iterable.args:
        yield from _int_targets(target, iterable.args[0].value)
    elif name == "range" and isinstance(target, cst.Name):
        yield target.value
    elif name == "enumerate" and isinstance(target, (cst.Tuple, cst.List)) \
            and target.elements and isinstance(target.elements[0].value, cst.Name):
        yield target.elements[0].value.value


def _plain_target(target: cst.BaseExpression) -> bool:
    if isinstance(target, cst.Name):
        return True
    if isinstance(target, (cst.Tuple, cst.List)):
        return all(not isinstance(e, cst.StarredElement) and _plain_target(e.value)
                   for e in target.elements)
    return False


def _target_elements(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_elements(element.value)
    else:
        yield target


def _walk_scope(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes of a loop body that run with it (not the bodies of nested definitions)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        stack.extend(reversed(current.children))


def _sequence_annotation(node: cst.BaseExpression | None) -> bool:
    if isinstance(node, cst.Subscript):
        node = node.value
    if isinstance(node, cst.Attribute):
        node = node.attr
    return isinstance(node, cst.Name) and node.value in ("list", "List", "tuple", "Tuple",
                                                          "Sequence", "MutableSequence")


def _sequence_value(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
        and node.func.value in ("list", "tuple", "sorted")
