"""Small fake rules whose fixes exercise the fix machinery (not real fix patterns)."""

from __future__ import annotations

import libcst as cst

from synclint.diagnostics import Applicability
from synclint.rules.base import PendingFix, Replacement, Rule

_RENDER = cst.Module(body=[])


def code_of(node: cst.CSTNode) -> str:
    return _RENDER.code_for_node(node)


def method_call(node: cst.Call, name: str) -> cst.BaseExpression | None:
    """The receiver of `receiver.name()`, if `node` is such a call."""
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == name and not node.args:
        return func.value
    return None


class _MethodRule(Rule):
    method = ""
    applicability = Applicability.SAFE
    imports: tuple[str, ...] = ()
    summary = "fake"
    fixable = True

    def visit_Call(self, node: cst.Call) -> None:
        receiver = method_call(node, self.method)
        if receiver is None:
            return
        fix = PendingFix(self.applicability, f"rewrite .{self.method}()",
                         (Replacement(node, self.rewrite(code_of(receiver))),), self.imports)
        self.report(node, f"fake finding of .{self.method}()", fix=fix)

    def rewrite(self, receiver: str) -> str:
        raise NotImplementedError


class ItemToTolist(_MethodRule):
    """`x.item()` -> `x.tolist()`: a plain, valid, converging fix."""

    code = "SYN901"
    name = "fake-item"
    method = "item"

    def rewrite(self, receiver: str) -> str:
        return f"{receiver}.tolist()"


class BrokenFix(_MethodRule):
    """`x.broken()` -> `x.broken(`: a fix that produces invalid Python."""

    code = "SYN902"
    name = "fake-broken"
    method = "broken"

    def rewrite(self, receiver: str) -> str:
        return f"{receiver}.broken("


class NeverConverges(_MethodRule):
    """`x.grow()` -> `(x.grow())`: fires again on its own output, forever."""

    code = "SYN903"
    name = "fake-grow"
    method = "grow"

    def rewrite(self, receiver: str) -> str:
        return f"({receiver}.grow())"


class UnsafeMaybe(_MethodRule):
    """`x.maybe()` -> `x.tolist()`, offered as an unsafe fix."""

    code = "SYN904"
    name = "fake-unsafe"
    method = "maybe"
    applicability = Applicability.UNSAFE

    def rewrite(self, receiver: str) -> str:
        return f"{receiver}.tolist()"


class NeedsTorch(_MethodRule):
    """`x.needs()` -> `torch.as_tensor(x)`, which needs `import torch`."""

    code = "SYN905"
    name = "fake-needs-torch"
    method = "needs"
    imports = ("torch",)

    def rewrite(self, receiver: str) -> str:
        return f"torch.as_tensor({receiver})"


class DuplicateFix(Rule):
    """Reports `x.dup()` twice (the call and its attribute) with one and the same fix."""

    code = "SYN906"
    name = "fake-duplicate"
    summary = "fake"
    fixable = True

    def visit_Call(self, node: cst.Call) -> None:
        receiver = method_call(node, "dup")
        if receiver is None:
            return
        fix = PendingFix(Applicability.SAFE, "rewrite .dup()",
                         (Replacement(node, f"{code_of(receiver)}.done()"),))
        self.report(node, "fake finding of the call", fix=fix)
        self.report(node.func, "fake finding of the attribute", fix=fix)


class KillStatement(Rule):
    """Deletes a `x.kill()` statement: valid alone, but deleting every statement of a
    block together leaves it empty (invalid)."""

    code = "SYN907"
    name = "fake-kill"
    summary = "fake"
    fixable = True

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if len(node.body) != 1 or not isinstance(node.body[0], cst.Expr):
            return
        call = node.body[0].value
        if isinstance(call, cst.Call) and method_call(call, "kill") is not None:
            fix = PendingFix(Applicability.SAFE, "delete the statement",
                             (Replacement(node, ""),))
            self.report(node, "fake finding of .kill()", fix=fix)


FAKE_RULES: tuple[type[Rule], ...] = (ItemToTolist, BrokenFix, NeverConverges, UnsafeMaybe,
                                      NeedsTorch, DuplicateFix, KillStatement)
FAKE_CODES = frozenset(rule.code for rule in FAKE_RULES)


class CrashingRule(Rule):
    """A rule with a bug: it raises on every call it visits (the engine must turn that
    into an internal error for the file, and every front end must show it). Registered
    by the tests that need it, not in FAKE_RULES."""

    code = "SYN908"
    name = "fake-crash"
    summary = "fake"

    def visit_Call(self, node: cst.Call) -> None:
        raise IndexError("list index out of range")
