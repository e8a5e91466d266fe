"""The batched rewrite (DESIGN.md section 3): read every 0-d tensor a loop would read on the
host in one pass without syncing, stack them, transfer once, and run the loop on Python values.

The analysis of a loop lives in the batched_* modules (see batched_analysis); this one
chooses the form of the fix for a `for` loop or a comprehension."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import cast

import libcst as cst

from synclint.analysis.walker import Context
from synclint.fixes.batched_analysis import LoopAnalysis
from synclint.fixes.batched_facts import _SHORT_CIRCUIT
from synclint.fixes.batched_lists import ListForms
from synclint.fixes.batched_model import (
    _COMPREHENSIONS,
    Outcome,
    Refused,
    file_state,
)
from synclint.fixes.batched_nest import nest_outcome
from synclint.fixes.batched_render import Names, column_values
from synclint.fixes.batched_syntax import _code, _has_comment, _names_in, _Rename
from synclint.fixes.layout import statement as layout_statement
from synclint.fixes.pending import Replacement

__all__ = ["Outcome", "batched_fix", "loop_ancestors", "loops_over_columns",
           "loops_over_dtypes", "read_for_a_loop", "reads_each_when_mixed"]

_RENDER_CODE = _code


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


def loops_over_columns(loop: cst.CSTNode) -> bool:
    """`[torch.cat([r.view(1) for r in c]).tolist() if alike else ... for c in zip(*reads)]`: a
    loop over the columns of the rows the batched fix collected (one column per value the
    loop read per element: a handful), as the fix writes it."""
    if not isinstance(loop, cst.ListComp) or loop.for_in.ifs:
        return False
    source, target, elt = loop.for_in.iter, loop.for_in.target, loop.elt
    if not (isinstance(source, cst.Call) and isinstance(source.func, cst.Name)
            and source.func.value == "zip" and len(source.args) >= 1
            and source.args[0].star == "*" and isinstance(source.args[0].value, cst.Name)
            and all(arg.keyword is not None for arg in source.args[1:])):
        return False
    return isinstance(target, cst.Name) and isinstance(elt, cst.IfExp) \
        and _RENDER_CODE(elt.body) == column_values(target.value)


def reads_each_when_mixed(loop: cst.CSTNode, ancestors: Sequence[cst.CSTNode]) -> bool:
    """`torch.stack(reads).tolist() if len(kinds) == 1 else [r.item() for r in reads]`, as
    the batched fix writes it: one transfer, unless the values differ in dtype or device
    (then one read each, as the loop it replaced did)."""
    if not isinstance(loop, cst.ListComp) or not ancestors:
        return False
    parent = ancestors[-1]
    if not isinstance(parent, cst.IfExp) or parent.orelse is not loop \
            or not isinstance(parent.test, cst.Name):
        return False
    source, target, elt = loop.for_in.iter, loop.for_in.target, loop.elt
    stacked = _RENDER_CODE(parent.body)
    return isinstance(source, cst.Name) and isinstance(target, cst.Name) \
        and stacked in (f"torch.stack({source.value}).tolist()", column_values(source.value)) \
        and _RENDER_CODE(elt) == f"{target.value}.item()" and not loop.for_in.ifs


def read_for_a_loop(ctx: Context, call: cst.Call) -> bool:
    """`t.tolist()` (`t.flatten().tolist()`) that a loop iterates (directly, or in `zip` /
    `enumerate`), or that is bound to a name right before a loop that uses it: the
    `.tolist()` form of the batched fix, one transfer for the whole loop."""
    parents = list(ctx.parents)
    child: cst.CSTNode = call
    for parent in reversed(parents):
        if isinstance(parent, cst.Arg) or isinstance(parent, cst.Call) and isinstance(
                parent.func, cst.Name) and parent.func.value in ("zip", "enumerate") \
                and child is not parent.func:
            child = parent
            continue
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is child:
            return True
        break
    assign = parents[-1] if parents else None
    line = parents[-2] if len(parents) >= 2 else None
    block = parents[-3] if len(parents) >= 3 else None
    if not (isinstance(assign, cst.Assign) and assign.value is call
            and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(line, cst.SimpleStatementLine)
            and isinstance(block, (cst.IndentedBlock, cst.Module))):
        return False
    name = assign.targets[0].target.value
    statements = list(block.body)
    index = next((i for i, s in enumerate(statements) if s is line), None)
    if index is None:
        return False
    following = statements[index + 1:]
    loop = next((s for s in following if isinstance(s, cst.For)), None)
    return loop is not None and name in set(_names_in(loop)) and all(
        isinstance(s, cst.SimpleStatementLine) for s in following[:following.index(loop)])


def batched_fix(ctx: Context, loop: cst.CSTNode, ancestors: Sequence[cst.CSTNode]) -> Outcome:
    """The batched fix of `loop` (the same object for every finding in it)."""
    state = file_state(ctx)
    cached = state.outcomes.get(id(loop))
    if cached is not None:
        return cached
    try:
        if isinstance(loop, cst.While):
            raise Refused("a `while` loop runs as long as the values it reads say")
        if not isinstance(loop, (cst.For, *_COMPREHENSIONS)):
            raise Refused("not a loop synclint can rewrite")
        outcome = _Rewriter(ctx, state, loop, list(ancestors)).run()
    except Refused as refused:
        outcome = Outcome(None, str(refused))
    state.outcomes[id(loop)] = outcome
    return outcome


class _Recode(cst.CSTTransformer):
    """Replaces nodes (by identity) with the code given for them."""

    def __init__(self, codes: dict[int, str]) -> None:
        super().__init__()
        self.codes = codes

    def on_leave(self, original_node: cst.CSTNodeT, updated_node: cst.CSTNodeT
                 ) -> cst.CSTNodeT | cst.RemovalSentinel | cst.FlattenSentinel[cst.CSTNodeT]:
        code = self.codes.get(id(original_node))
        if code is None:
            return updated_node
        # Only expressions are replaced: a loop target, an iterable, a read.
        return cast(cst.CSTNodeT, cst.parse_expression(code))


class _Rewriter(LoopAnalysis):
    """Analyses one loop and builds its fix, or raises Refused."""

    # -- entry ------------------------------------------------------------------------
    def run(self) -> Outcome:
        if isinstance(self.loop.node, cst.For):
            return self._for(self.loop.node)
        return self._comprehension(self.loop.node)

    def _for(self, loop: cst.For) -> Outcome:
        if loop.asynchronous is not None:
            raise Refused("an `async for` loop")
        self.checks.check_scope(class_body_refused=True)
        self.checks.check_target(loop.target, loop.iter)
        body = loop.body
        # `for t in ts: total += t.item()` has a one-line suite, not a block.
        statements: Sequence[cst.CSTNode] = \
            [body] if isinstance(body, cst.SimpleStatementSuite) else body.body
        with self._deferred_first():
            self.walker.scan_bindings(body)
            self.walker.find_aliases(statements)
            self.walker.statements(statements)
        if not self.loop.sites:
            raise Refused("the loop reads no value synclint can batch")
        self._check_not_cpu(loop.target, loop.iter)
        listed = ListForms(self)
        return self._preferred(listed, listed.for_loop(loop), lambda: self._stacked_for(loop))

    def _check_not_cpu(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        """No fix for reads of CPU tensors: there is no GPU to wait for."""
        cpu = ListForms(self).cpu_only(target, iterable)
        if cpu is not None:
            raise Refused(f"`{cpu}` is on the CPU: reading it waits for no GPU, so batching "
                          "the reads saves nothing")

    def _stacked_for(self, loop: cst.For) -> Outcome:
        """The stacked forms: collect the values read, one `torch.stack`, one transfer."""
        body = loop.body
        self.checks.check_deferred()
        self.checks.check_sites()
        self.checks.check_effects(body)
        self.checks.check_iterable_unchanged(loop.iter, body)
        self.checks.check_early_exit()
        nested = nest_outcome(self, loop, loop)
        if nested is not None:
            return nested
        # A list or tuple display is bound to a name, not written out twice.
        materialise = self.checks.check_iterable_readable_twice(loop.iter) \
            or self.values.long_display(loop.iter)
        unused = self.writer.unused_targets(loop)
        rows = self._rows_are_elements(loop) \
            if unused >= self.loop.targets and not materialise else None
        names = self.writer.names()
        if rows is not None:
            # The loop's own variables, now bound to the values read.
            names = replace(names, row=tuple(rows))
        indent = self.loop.indent(loop)
        target = loop.target
        only_if = self.writer.only_if()
        if only_if is not None:
            return self.writer.filtered_outcome(names, loop, target, loop.iter, only_if, indent,
                                                materialise)
        named, deleted = self._named_reads(loop) if rows is None else ({}, [])
        if named:
            # `n_bad = flag.sum().item()` first in the body: the loop variable is `n_bad`.
            names = replace(names, row=tuple(named.get(id(site), row) for site, row
                                             in zip(self.loop.sites, names.row, strict=True)))
            unused = self.writer.unused_targets(loop, skip=[s for s in deleted])
        if unused >= self.loop.targets and rows is None and not named \
                and isinstance(target, cst.Name) and len(self.loop.sites) == 1 \
                and _code(self.loop.substituted(self.loop.sites[0].value)) == target.value:
            # `for loss in losses: f(loss.item())`: the loop variable keeps its name, now
            # bound to the value read.
            names = replace(names, row=(target.value,))
        if unused >= self.loop.targets:
            # The body no longer needs the elements: loop over the values alone.
            prelude, row_target, columns = self.writer.prelude(
                names, _code(target), _code(loop.iter), items=False, indent=indent,
                rows=_code(loop.iter) if rows is not None else None)
            replacements = [
                Replacement(loop, "".join(line + "\n" + indent for line in prelude),
                            mode="before"),
                Replacement(target, row_target),
                Replacement(loop.iter, self.writer.columns(names.values) if columns
                            else names.values),
            ]
            replacements.extend(self._named_replacements(names, named, deleted))
            return self.writer.outcome(replacements)
        iterable = names.items if materialise else _code(loop.iter)
        prelude, row_target, columns = self.writer.prelude(names, _code(target), _code(loop.iter),
                                                           items=materialise, indent=indent)
        target_code = _code(target)
        if unused and "_" not in self.loop.file.identifiers.get(self.loop.scope_key(), set()):
            renamed = target.visit(_Rename(dict.fromkeys(unused, "_")))
            assert isinstance(renamed, cst.BaseExpression)
            target_code = _code(renamed)
        if isinstance(target, cst.Tuple) and not target.lpar:
            target_code = f"({target_code})"
        header = f"for {target_code}, {row_target} in "
        replacements = [
            Replacement(loop, "".join(line + "\n" + indent for line in prelude), mode="before"),
            Replacement(target, f"{target_code}, {row_target}"),
            Replacement(loop.iter, self.writer.zip(iterable, f"*{names.values}" if columns
                                                   else names.values, before=indent + header,
                                                   indent=indent)),
        ]
        replacements.extend(self._named_replacements(names, named, deleted))
        return self.writer.outcome(replacements)

    def _named_reads(self, loop: cst.For) -> tuple[dict[int, str], list[cst.CSTNode]]:
        """The leading statements of the body that only assign a read to a name
        (`value = t.item()`): by site, the name, and the statements (deleted: the loop
        variable gets the name, no `value = value_2` left behind)."""
        body = loop.body
        if not isinstance(body, cst.IndentedBlock):
            return {}, []
        by_node = {id(site.node): site for site in self.loop.sites if site.mode == "item"}
        named: dict[int, str] = {}
        deleted: list[cst.CSTNode] = []
        for statement in body.body:
            if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
                    and isinstance(statement.body[0], cst.Assign)
                    and len(statement.body[0].targets) == 1):
                break
            assign = statement.body[0]
            target = assign.targets[0].target
            site = by_node.get(id(assign.value))
            if site is None or not isinstance(target, cst.Name) or site.guards \
                    or self.loop.bound_counts.get(target.value) != 1 \
                    or target.value in self.loop.targets or statement.leading_lines \
                    or statement.trailing_whitespace.comment is not None \
                    or target.value in named.values():
                break
            named[id(site)] = target.value
            deleted.append(statement)
        return named, deleted

    def _named_replacements(self, names: Names, named: dict[int, str],
                            deleted: list[cst.CSTNode]) -> list[Replacement]:
        replacements = [Replacement(statement, "", mode="delete") for statement in deleted]
        for replacement in self.writer.site_replacements(names):
            if not any(id(site.node) == id(replacement.node) and id(site) in named
                       for site in self.loop.sites):
                replacements.append(replacement)
        return replacements

    def _comprehension(self, loop: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
                       ) -> Outcome:
        for_in = loop.for_in
        if for_in.asynchronous is not None:
            raise Refused("an `async for` comprehension")
        if for_in.inner_for_in is not None:
            raise Refused("a comprehension with several `for` clauses")
        self.checks.check_scope(class_body_refused=True)
        self.checks.check_target(for_in.target, for_in.iter)
        try:
            anchor, consumer = self.anchor.anchor(loop)
        except Refused as refused:
            # The `.tolist()` of what the comprehension iterates needs no statement before
            # it: only the stacked forms are refused.
            return self._unanchored(loop, refused)
        if isinstance(loop, cst.GeneratorExp) and consumer is None:
            raise Refused("a generator is evaluated lazily, interleaved with its consumer")
        self._walk_comprehension(loop, consumer)
        self._check_not_cpu(for_in.target, for_in.iter)
        listed = ListForms(self)
        return self._preferred(listed, listed.comprehension(loop, anchor, consumer),
                               lambda: self._stacked_comprehension(loop, anchor, consumer))

    def _unanchored(self, loop: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp,
                    refused: Refused) -> Outcome:
        if isinstance(loop, cst.GeneratorExp):
            raise refused
        try:
            self._walk_comprehension(loop, None)
        except Refused:
            raise refused from None
        outcome = ListForms(self).comprehension(loop, None, None)
        if outcome is None:
            raise refused
        return outcome

    def _walk_comprehension(self, loop: cst.ListComp | cst.SetComp | cst.GeneratorExp
                            | cst.DictComp, consumer: str | None) -> None:
        for_in = loop.for_in
        with self._deferred_first():
            for condition in for_in.ifs:
                self.walker.expression(condition.test, truth=True)
                self.walker.enter_condition(condition.test)
            if isinstance(loop, cst.DictComp):
                self.walker.expression(loop.key, truth=False)
                self.walker.expression(loop.value, truth=False)
            else:
                self.walker.expression(loop.elt, truth=consumer in _SHORT_CIRCUIT)
        if not self.loop.sites:
            raise Refused("the comprehension reads no value synclint can batch")

    @contextmanager
    def _deferred_first(self) -> Iterator[None]:
        """A refusal after a read only the `.tolist()` forms take is that read's refusal
        (the walk would have stopped there)."""
        try:
            yield
        except Refused:
            if self.loop.deferred is not None:
                raise Refused(self.loop.deferred) from None
            raise

    def _preferred(self, listed: ListForms, outcome: Outcome | None,
                   stacked: Callable[[], Outcome]) -> Outcome:
        """The `.tolist()` form where it is safe; else the stacked form where that is safe;
        else the `.tolist()` form (unsafe), or whatever the stacked forms say."""
        if outcome is not None and outcome.reason is None:
            listed.commit()
            return outcome
        try:
            other = stacked()
        except Refused:
            if outcome is None:
                raise
            listed.commit()
            return outcome
        if outcome is not None and other.reason is not None:
            listed.commit()
            return outcome
        return other

    def _stacked_comprehension(self, loop: cst.ListComp | cst.SetComp | cst.GeneratorExp
                               | cst.DictComp, anchor: cst.CSTNode, consumer: str | None
                               ) -> Outcome:
        for_in = loop.for_in
        self.checks.check_deferred()
        self.checks.check_sites()
        self.checks.check_effects(*[condition.test for condition in for_in.ifs],
                                  *([loop.key, loop.value] if isinstance(loop, cst.DictComp)
                              else [loop.elt]))
        if consumer in _SHORT_CIRCUIT and isinstance(loop, cst.GeneratorExp):
            self.checks.early_exit_verdict(for_in.iter, f"`{consumer}()` stops at the first "
                                           f"{'true' if consumer == 'any' else 'false'} element")
        nested = nest_outcome(self, for_in, anchor)
        if nested is not None:
            return nested
        names = self.writer.names()
        indent = self.loop.indent(anchor)
        site_nodes = {id(site.node) for site in self.loop.sites}
        uses_target = any(name in self.loop.targets
                          for name in self.writer.names_outside_sites(loop, site_nodes))
        iter_code = _code(for_in.iter)
        only_if = self.writer.only_if()
        sites = self.loop.sites
        if only_if is None and uses_target and len(sites) == 1 and sites[0].exact \
                and not sites[0].guards:
            # `{name: p.abs().max().item() for name, p in ...}`: the element reads its value
            # with `next(values)`, with no zip of the elements and the values.
            only_if = ""
        if only_if is not None:
            materialise = self.checks.check_iterable_readable_twice(for_in.iter)
            return self.writer.filtered_outcome(names, anchor, for_in.target, for_in.iter, only_if,
                                                indent, materialise)
        if uses_target:
            materialise = self.checks.check_iterable_readable_twice(for_in.iter)
            prelude, row_target, columns = self.writer.prelude(
                names, _code(for_in.target), iter_code, items=materialise, indent=indent)
            target_code = _code(for_in.target)
            if isinstance(for_in.target, cst.Tuple) and not for_in.target.lpar:
                target_code = f"({target_code})"
            new_target = f"{target_code}, {row_target}"
            new_iter = self.writer.zip(names.items if materialise else iter_code,
                                       f"*{names.values}" if columns else names.values)
        else:
            assigned = self._assigned_name(anchor, loop, consumer, names, uses_target)
            if assigned is not None:
                # `grad_norms = [p.grad.norm().item() for p in ps]`: the host list gets the
                # name the comprehension was assigned to (no `grad_norms = values`).
                names = replace(names, values=assigned)
            prelude, row_target, columns = self.writer.prelude(
                names, _code(for_in.target), iter_code, items=False, indent=indent)
            if assigned is not None:
                start = max(i for i, line in enumerate(prelude)
                            if line.startswith(f"{assigned} = "))
                value = prelude[start][len(assigned) + 3:]
                value += "".join("\n" + indent + line for line in prelude[start + 1:])
                before = "".join(line + "\n" + indent for line in prelude[:start])
                return self.writer.outcome([Replacement(anchor, before, mode="before"),
                                            Replacement(loop, value)])
            new_target = row_target
            new_iter = self.writer.columns(names.values) if columns else names.values
        replacements = [
            Replacement(anchor, "".join(line + "\n" + indent for line in prelude),
                        mode="before"),
        ]
        whole = self._whole_replacement(loop, consumer, names, uses_target)
        if whole is not None:
            inner = [Replacement(loop, whole)]
        else:
            inner = [Replacement(for_in.target, new_target),
                     Replacement(for_in.iter, new_iter), *self.writer.site_replacements(names)]
        rewrapped = self._rewrapped(anchor, inner, indent)
        replacements.extend(inner if rewrapped is None else [rewrapped])
        return self.writer.outcome(replacements)

    def _assigned_name(self, anchor: cst.CSTNode, loop: cst.CSTNode, consumer: str | None,
                       names: Names, uses_target: bool) -> str | None:
        """`x = [t.item() for t in ts]` on a line of its own: `x`."""
        if self._whole_replacement(loop, consumer, names, uses_target) != names.values \
                or not isinstance(loop, cst.ListComp):
            return None
        if not isinstance(anchor, cst.SimpleStatementLine) or len(anchor.body) != 1:
            return None
        small = anchor.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name) and small.value is loop):
            return None
        return small.targets[0].target.value

    def _rewrapped(self, anchor: cst.CSTNode, inner: list[Replacement],
                   indent: str) -> Replacement | None:
        """Where the rewritten comprehension makes its one-line `return ...` or `x = ...`
        statement too long: the statement's whole value, laid out the way black would."""
        if not isinstance(anchor, cst.SimpleStatementLine) or len(anchor.body) != 1 \
                or _has_comment(anchor):
            return None
        small = anchor.body[0]
        if isinstance(small, cst.Return) and small.value is not None:
            head, value = "return ", small.value
        elif isinstance(small, cst.Assign) and len(small.targets) == 1:
            head, value = f"{_code(small.targets[0].target)} = ", small.value
        else:
            return None
        if "\n" in _code(value):
            return None
        codes = {id(r.node): r.code for r in inner if r.mode == "replace"}
        new_value = value.visit(_Recode(codes))
        assert isinstance(new_value, cst.BaseExpression)
        code = _code(new_value)
        if "\n" in code or len(indent) + len(head) + len(code) <= self.loop.line_length():
            return None
        module = self.loop.ancestors[0] if self.loop.ancestors else None
        unit = module.default_indent if isinstance(module, cst.Module) else "    "
        lines = layout_statement(head, code, indent=indent, unit=unit,
                                 line_length=self.loop.line_length())
        lines[0] = lines[0][len(head):]
        return Replacement(value, lines[0] + "".join("\n" + indent + line
                                                     for line in lines[1:]))

    def _whole_replacement(self, loop: cst.CSTNode, consumer: str | None,
                           names: Names, uses_target: bool) -> str | None:
        """`[t.item() for t in ts]` is just the host list."""
        if uses_target or len(self.loop.sites) != 1 or _has_comment(loop):
            return None
        if isinstance(loop, cst.DictComp) or loop.for_in.ifs:  # type: ignore[attr-defined]
            return None
        site = self.loop.sites[0]
        if site.node is not loop.elt or site.mode != "item":  # type: ignore[attr-defined]
            return None
        if isinstance(loop, cst.ListComp):
            return names.values
        if isinstance(loop, cst.SetComp):
            return f"set({names.values})"
        if isinstance(loop, cst.GeneratorExp) and consumer is not None:
            return names.values
        return None

    def _rows_are_elements(self, loop: cst.For) -> list[str] | None:
        """`for a, b in pairs: f(b.item(), a.item())` over a list or tuple `pairs`, where
        the reads are the loop variables, each read once: the elements are the rows of
        values read (no first pass copies them). The reads are put in the variables'
        order; the variables are returned."""
        target = loop.target
        if not isinstance(target, cst.Tuple) or not self.values.known_sequence(loop.iter):
            return None
        variables = [element.value.value if isinstance(element, cst.Element)
                     and isinstance(element.value, cst.Name) else ""
                     for element in target.elements]
        read = {id(site): self.writer.collected(site, view=False) for site in self.loop.sites}
        if "" in variables or sorted(read.values()) != sorted(variables) \
                or len(set(variables)) != len(variables) \
                or any(site.guards for site in self.loop.sites):
            return None
        self.loop.sites.sort(key=lambda site: variables.index(read[id(site)]))
        return variables
