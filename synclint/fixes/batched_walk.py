"""The walk over a loop body that finds the host reads the batched fix collects, with the
guards under which each runs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    UNKNOWN,
)
from synclint.fixes.batched_facts import (
    _NEUTRAL_CONTEXTS,
)
from synclint.fixes.batched_model import _COMPREHENSIONS, LoopState, Refused, Site
from synclint.fixes.batched_shapes import Shapes
from synclint.fixes.batched_syntax import (
    _bound_names,
    _code,
    _names_in,
    _negate,
    _positional,
    _walk_scope,
)
from synclint.fixes.batched_values import Values


class BodyWalker:
    """Finds a loop body's host reads (sites), its aliases, guards and exits."""

    def __init__(self, loop: LoopState, values: Values, shapes: Shapes) -> None:
        self.loop = loop
        self.values = values
        self.shapes = shapes

    def scan_bindings(self, body: cst.CSTNode) -> None:
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
                raise Refused(f"the loop declares `{_code(node)}`")
            for name in names:
                counts[name] = counts.get(name, 0) + 1
        self.loop.body_bound = set(counts)
        self.loop.bound_counts = counts

    def find_aliases(self, statements: Sequence[cst.CSTNode]) -> None:
        """`g = p.grad` at the top of the body: reads of `g` stand for `p.grad`."""
        for statement in statements:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)):
                    continue
                name = small.targets[0].target.value
                if self.loop.bound_counts.get(name) != 1 or name in self.loop.targets:
                    continue
                if not self.values.pure(small.value) or self.values.has_sync(small.value):
                    continue  # an alias is re-evaluated in the first pass: it must not sync
                loop = self.loop
                if any(n in loop.body_bound and n not in loop.aliases and n not in loop.targets
                       for n in _names_in(small.value)):
                    continue
                self.loop.aliases[name] = self.loop.substituted(small.value)
                if len(statement.body) == 1:
                    self.loop.alias_statements[name] = statement

    def statements(self, statements: Sequence[cst.CSTNode]) -> None:
        for statement in statements:
            self.statement(statement)

    def statement(self, node: cst.CSTNode) -> None:
        if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in node.body:
                self.small_statement(small)
                if isinstance(small, cst.Assign) and isinstance(small.targets[0].target,
                                                                cst.Name):
                    name = small.targets[0].target.value
                    if name in self.loop.aliases:
                        self.loop.active.add(name)
        elif isinstance(node, cst.If):
            self.if_statement(node)
        elif isinstance(node, cst.For):
            if node.asynchronous is not None:
                raise Refused("an `async for` in the loop")
            self.expression(node.iter, truth=False)  # evaluated once per outer iteration
            self.nested_exits(node)
        elif isinstance(node, cst.While):
            self.nested_exits(node)  # its test and body run per inner iteration
        elif isinstance(node, cst.With):
            neutral = all(self.loop.ctx.imports.qualify(item.item.func) in _NEUTRAL_CONTEXTS
                          if isinstance(item.item, cst.Call) else False for item in node.items)
            if not neutral:
                before = len(self.loop.sites)
                for item in node.items:
                    self.expression(item.item, truth=False)
                self.block(node.body)
                if len(self.loop.sites) > before:
                    raise Refused("values read inside a `with` block (its context may "
                                  "change what they are)")
            else:
                self.block(node.body)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            pass
        elif isinstance(node, cst.Try):
            raise Refused("a `try` statement in the loop")
        else:
            raise Refused(f"a `{type(node).__name__}` statement in the loop")

    def nested_exits(self, loop: cst.For | cst.While) -> None:
        for node in _walk_scope(loop):
            if isinstance(node, (cst.Return, cst.Raise)):
                self.loop.early_exit = "the loop can stop early (`return` in a nested loop)"

    def block(self, block: cst.BaseSuite) -> None:
        self.statements(block.body)

    def small_statement(self, node: cst.BaseSmallStatement) -> None:
        self.loop.statement_number += 1
        if isinstance(node, cst.Continue):
            facts: frozenset[str] = frozenset()
            if len(self.loop.guards) == 1 and len(self.loop.tests) == 1:
                # `if p.grad is None: continue`: below it, p.grad is not None.
                facts = frozenset(self.not_none(self.loop.tests[0], positive=False))
            self.loop.continues.append((self.next(), self.conjunction(), facts)
                                       if self.loop.exact else None)
        elif isinstance(node, cst.Break):
            self.loop.early_exit = "the loop can stop early (`break`)"
        elif isinstance(node, cst.Return):
            if node.value is not None:
                self.expression(node.value, truth=False)
            self.loop.early_exit = "the loop can stop early (`return`)"
        elif isinstance(node, cst.Raise):
            if node.exc is not None:
                self.expression(node.exc, truth=False)
            self.loop.early_exit = "the loop can stop early (`raise`)"
        elif isinstance(node, cst.Assert):
            self.expression(node.test, truth=True)
            if node.msg is not None:
                saved = self.loop.exact
                self.loop.exact = False
                self.expression(node.msg, truth=False)
                self.loop.exact = saved
        elif isinstance(node, cst.Expr):
            self.expression(node.value, truth=False)
        elif isinstance(node, cst.Assign):
            self.expression(node.value, truth=False)
            for target in node.targets:
                self.expression(target.target, truth=False)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            if node.value is not None:
                self.expression(node.value, truth=False)
            self.expression(node.target, truth=False)
        elif isinstance(node, (cst.Pass, cst.Import, cst.ImportFrom, cst.Del)):
            pass
        else:
            raise Refused(f"a `{type(node).__name__}` statement in the loop")

    def if_statement(self, node: cst.If) -> None:
        self.loop.statement_number += 1
        self.expression(node.test, truth=True)
        saved_guards, saved_exact = list(self.loop.guards), self.loop.exact
        host = self.host_guard(node.test)
        if host is not None:
            self.loop.guards.append(host)
        else:
            self.loop.exact = False
        self.loop.tests.append(node.test)
        self.block(node.body)
        self.loop.tests.pop()
        self.loop.guards, self.loop.exact = list(saved_guards), saved_exact
        if node.orelse is not None:
            if host is not None:
                self.loop.guards.append(self.negated(node.test))
            else:
                self.loop.exact = False
            if isinstance(node.orelse, cst.If):
                self.if_statement(node.orelse)
            else:
                self.block(node.orelse.body)
            self.loop.guards, self.loop.exact = saved_guards, saved_exact

    def enter_condition(self, test: cst.BaseExpression) -> None:
        host = self.host_guard(test)
        if host is not None:
            self.loop.guards.append(host)
        else:
            self.loop.exact = False

    def expression(self, node: cst.CSTNode, *, truth: bool) -> None:
        """Find the host reads in an expression, with the guards under which each runs."""
        if isinstance(node, _COMPREHENSIONS):
            self.expression(node.for_in.iter, truth=False)
            return
        if isinstance(node, cst.Lambda):
            return
        if isinstance(node, (cst.Yield, cst.Await)):
            raise Refused("the loop yields or awaits: other code runs between iterations")
        if isinstance(node, cst.NamedExpr):
            raise Refused("an assignment expression (`:=`) in the loop")
        if truth and isinstance(node, cst.BaseExpression) and self.loop.is_device(node):
            self.site(node, node, mode="item", truth=True)
            return
        if isinstance(node, cst.BooleanOperation):
            if not truth and self.loop.is_device(node.left):
                # `flag = t.any() and ok` is `t.any()` itself when it is false: a Python
                # bool in its place would change the value, not just its truth.
                raise Refused("`and`/`or` returns its tensor operand, not a bool")
            # The left operand's value is the result where it decides (`x = a.item() or
            # b`): only in a test is its truth all that is used.
            self.expression(node.left, truth=truth)
            saved_guards, saved_exact = list(self.loop.guards), self.loop.exact
            host = self.host_guard(node.left)
            if host is None:
                self.loop.exact = False
            elif isinstance(node.operator, cst.And):
                self.loop.guards.append(host)
            else:
                self.loop.guards.append(self.negated(node.left))
            self.expression(node.right, truth=truth)
            self.loop.guards, self.loop.exact = saved_guards, saved_exact
            return
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            self.expression(node.expression, truth=True)
            return
        if isinstance(node, cst.IfExp):
            self.expression(node.test, truth=True)
            saved_guards, saved_exact = list(self.loop.guards), self.loop.exact
            host = self.host_guard(node.test)
            for branch, positive in ((node.body, True), (node.orelse, False)):
                if host is None:
                    self.loop.exact = False
                else:
                    self.loop.guards.append(host if positive else self.negated(node.test))
                self.expression(branch, truth=truth)
                self.loop.guards, self.loop.exact = list(saved_guards), saved_exact
            return
        if isinstance(node, cst.FormattedStringExpression) and self.loop.is_device(node.expression):
            raise Refused("a tensor formatted in an f-string (a whole tensor is read)")
        if isinstance(node, cst.Call) and self.call_site(node, truth=truth):
            return
        for child in node.children:
            if isinstance(child, (cst.BaseExpression, cst.Arg, cst.Element, cst.StarredElement,
                                  cst.ComparisonTarget, cst.SubscriptElement, cst.Index,
                                  cst.Slice, cst.FormattedStringExpression, cst.DictElement)):
                self.expression(child, truth=False)

    def call_site(self, node: cst.Call, *, truth: bool = False) -> bool:
        """Whether the call is a host read (recorded as a site, or refused). `truth`: the
        read's value is only tested for truth (`if m[i].item():`), as `.item()` and `bool()`
        keep it: any nonzero value, NaN included, is true."""
        method = self.loop.meth(node)
        if method is not None:
            receiver, name = method
            kind = self.loop.ctx.kind(receiver)
            device = kind in DEVICE_TENSORS
            if name == "item" and not node.args:
                if device:
                    self.site(node, receiver, mode="item", truth=truth)
                    return True
                if kind is UNKNOWN and (self.loop.ctx.imports.torch_imported
                                        or self.loop.ctx.mentions_torch):
                    self.site(node, receiver, mode="item", truth=truth, proven=False)
                    return True
                return False
            if not device:
                return False
            if name == "tolist" and not node.args:
                if not self.shapes.scalar(receiver):
                    # Only the `.tolist()` forms read it (its rows from the whole list).
                    self.defer("`.tolist()` of a tensor that may hold several values")
                    self.site(node, receiver, mode="list", truth=False)
                    return True
                self.site(node, receiver, mode="item", truth=False)
                return True
            if name in ("cpu", "numpy"):
                raise Refused(f"`.{name}()` copies a whole tensor to the host")
            if name == "to" and any(self.values.cpu(arg.value) for arg in node.args):
                raise Refused("`.to('cpu')` copies a whole tensor to the host")
            return False
        func = node.func
        if isinstance(func, cst.Name) and not self.loop.ctx.bound(func.value):
            positional = _positional(node)
            tensors = [arg for arg in positional if self.loop.is_device(arg)]
            if not tensors:
                return False
            if func.value in ("float", "int", "bool") and len(node.args) == 1:
                # `int(t)` is false for 0.5 and `float(t)` raises for a complex `t`: only
                # `bool(t)` is the tensor's own truth.
                self.site(node, tensors[0], mode="arg", truth=truth and func.value == "bool")
                return True
            if func.value in ("complex", "str", "repr", "print", "format"):
                raise Refused(f"`{func.value}()` of a tensor reads the whole tensor")
            return False
        qualified = self.loop.ctx.imports.qualify(func)
        if qualified is not None and qualified.startswith("math.") and len(node.args) == 1:
            argument = node.args[0].value
            if self.loop.is_device(argument):
                self.site(node, argument, mode="arg", truth=False)
                return True
        if qualified is not None and qualified.startswith(("numpy.asarray", "numpy.array")) \
                and any(self.loop.is_device(arg.value) for arg in node.args):
            raise Refused("a tensor converted to a NumPy array")
        return False

    def defer(self, reason: str) -> None:
        """A read that only the `.tolist()` forms can take: the stacked forms refuse the
        loop for the first such reason (see `Checks.check_deferred`)."""
        if self.loop.deferred is None:
            self.loop.deferred = reason

    def site(self, node: cst.CSTNode, value: cst.BaseExpression, *, mode: str, truth: bool,
             proven: bool = True) -> None:
        if self.values.has_sync(self.loop.substituted(value)):
            raise Refused(f"computing `{_code(value)}` itself reads device data (a shape "
                          "that depends on the values): a first pass would sync as often")
        if not self.values.pure(value):
            raise Refused(f"the value read, `{_code(value)}`, calls something that may "
                          "have effects")
        for name in _names_in(value):
            if name in self.loop.body_bound and name not in self.loop.active:
                raise Refused(f"the value read depends on `{name}`, which the loop "
                              "body assigns")
        # In the order the loop evaluates them: an earlier guard may protect a later one.
        ordered = [(order, code) for order, code, _ in self.loop.guards]
        facts: set[str] = set()
        for _, _, known in self.loop.guards:
            facts |= known
        exact = self.loop.exact
        for skipped in self.loop.continues:
            if skipped is None:
                exact = False
            else:
                ordered.append((skipped[0], _negate(skipped[1])))
                facts |= skipped[2]
        guards = [code for _, code in sorted(ordered)]
        self.loop.sites.append(Site(node, value, mode, truth, tuple(guards), frozenset(facts),
                                    exact, proven, self.loop.statement_number))

    def next(self) -> int:
        self.loop.order += 1
        return self.loop.order

    def host_guard(self, test: cst.BaseExpression) -> tuple[int, str, frozenset[str]] | None:
        """The guard's code (aliases substituted) and the expressions it proves not None,
        or None when the test depends on tensor values or may have effects."""
        if not self.values.sync_free(test, truth=True) \
                or self.values.has_sync(self.loop.substituted(test)):
            return None
        if not self.values.host_pure(test):
            # Not a tensor condition, yet not provably host: it may skip elements that
            # cannot be read at all (`if not p.is_meta:`), which the first pass would read.
            self.loop.opaque_guards.append(_code(test))
            return None
        names = set(_names_in(test))
        for name in names:
            if name in self.loop.body_bound and name not in self.loop.active:
                return None
        for name in names:
            alias = self.loop.aliases.get(name)
            self.loop.guard_names.update(_names_in(alias) if alias is not None else (name,))
        code = self.guard_code(test)
        return self.next(), code, frozenset(self.not_none(test, positive=True))

    def negated(self, test: cst.BaseExpression) -> tuple[int, str, frozenset[str]]:
        code = self.guard_code(test)
        return self.next(), _negate(code), frozenset(self.not_none(test, positive=False))

    def guard_code(self, test: cst.BaseExpression) -> str:
        node = self.loop.substituted(test)
        code = _code(node)
        if isinstance(node, (cst.BooleanOperation, cst.IfExp, cst.Lambda)) and not node.lpar:
            return f"({code})"
        return code

    def not_none(self, test: cst.BaseExpression, *, positive: bool) -> Iterator[str]:
        if isinstance(test, cst.BooleanOperation):
            split = cst.And if positive else cst.Or
            if isinstance(test.operator, split):
                yield from self.not_none(test.left, positive=positive)
                yield from self.not_none(test.right, positive=positive)
            return
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            comparison = test.comparisons[0]
            wanted = cst.IsNot if positive else cst.Is
            if isinstance(comparison.operator, wanted) and isinstance(
                    comparison.comparator, cst.Name) and comparison.comparator.value == "None":
                yield _code(self.loop.substituted(test.left))

    def conjunction(self) -> str:
        if not self.loop.guards:
            return "True"
        return " and ".join(code for _, code, _ in self.loop.guards)

