"""SYN102 tensor-condition: a device tensor evaluated as a Python bool (`if t.any():`)."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from synclint.analysis.chains import (
    hot_message,
    hot_related,
)
from synclint.analysis.kinds import DEVICE_TENSORS, UNKNOWN, elem_of
from synclint.analysis.loops import BOOL_CONSUMERS, loop_word
from synclint.fixes.batched import Outcome, batched_fix, loop_ancestors
from synclint.fixes.compiled_forms import assert_async_fix
from synclint.fixes.select_where import select_fix
from synclint.rules.base import Rule
from synclint.rules.wording import with_reason

_COMPREHENSIONS = (cst.GeneratorExp, cst.ListComp, cst.SetComp)


def bool_operands(node: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The operands Python tests for truth when `node` itself is tested: `a and (b or c)`
    tests a, b and c."""
    if isinstance(node, cst.BooleanOperation):
        yield from bool_operands(node.left)
        yield from bool_operands(node.right)
    else:
        yield node


class TensorCondition(Rule):
    code = "SYN102"
    name = "tensor-condition"
    summary = "A tensor is evaluated as a Python bool: the CPU waits for the GPU to compute it"
    # In loops and comprehensions: the batched fix (synclint/fixes/batched.py).
    group = "truth test"
    fixable = True
    # Effectively always true in a torch file ("or" is in "torch"): conditions are everywhere.
    triggers = ("if", "while", "assert", "and", "or", "not", "any", "all")

    VALID = [
        # Host metadata never syncs.
        "import torch\ndef f(t: torch.Tensor):\n    if t is None:\n        return\n"
        "    if t.numel():\n        pass\n    if t.shape[0]:\n        pass\n    if len(t):\n"
        "        pass\n",
        "import torch\ndef f(t: torch.Tensor):\n    if t.is_cuda and t.requires_grad:\n"
        "        pass\n",
        # `.item()` is already a host float: SYN101's business in loops, not a tensor bool.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for x in ts:\n"
        "        if x.item() > 0:\n            pass\n",
        # Host numbers and NumPy arrays.
        "import torch\nimport numpy as np\ndef f(a: np.ndarray, n: int):\n"
        "    if n > 3 and np.isnan(a).any():\n        pass\n",
        # Unknown values are not proven tensors.
        "import torch\nfor batch in loader:\n    if batch:\n        pass\n",
        # A tensor known to be on the host: bool() does not wait for a GPU.
        "import torch\ndef f(t: torch.Tensor):\n    h = t.cpu()\n    while h.any():\n"
        "        h = h[1:]\n",
        # The right operand of `and` is not tested when the result is only stored.
        "import torch\ndef f(ok: bool, t: torch.Tensor):\n    flag = ok and t.any()\n"
        "    return flag\n",
        # `torch.any` is a tensor op, not the builtin.
        "import torch\ndef f(ts: list[torch.Tensor]):\n"
        "    return torch.any(torch.stack([t.isnan().any() for t in ts]))\n",
        # A dtype or device comparison is host metadata.
        "import torch\ndef f(t: torch.Tensor):\n    if t.dtype == torch.float32:\n"
        "        pass\n",
        # A local function named `any` is not the builtin.
        "import torch\ndef any(xs) -> bool:\n    return False\n"
        "def f(ts: list[torch.Tensor]):\n    return any(t.isnan().any() for t in ts)\n",
    ]
    INVALID = [
        "import torch\ndef check(model):\n    bad = []\n"
        "    for name, param in model.named_parameters():\n"
        "        if torch.isnan(param.data).any():\n            bad.append(name)\n",
        "import torch\ndef f(x: torch.Tensor):\n    while x.norm() > 1:\n        x = x / 2\n",
        "import torch\ndef f(loss: torch.Tensor):\n    assert torch.isfinite(loss).all()\n",
        "import torch\ndef f(ps):\n    for p in ps.parameters():\n"
        "        if p.grad is not None and torch.isinf(p.grad).any():\n            print(p)\n",
        "import torch\ndef f(t: torch.Tensor):\n    if not t.any():\n        return 0\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    return [t for t in ts if t.sum() > 0]\n",
        "import torch\ndef f(model):\n"
        "    return any(torch.isnan(p).any() for p in model.parameters())\n",
        "import torch\ndef f(t: torch.Tensor):\n    return 1 if (t > 0).all() else 0\n",
        "import torch\ndef f(flags: list[torch.Tensor]):\n    return all(flags)\n",
        "import torch\ndef f(t: torch.Tensor, u: torch.Tensor):\n"
        "    if t.any():\n        pass\n    elif u.any():\n        pass\n",
    ]

    # -- statement and expression contexts that test truth --------------------------------
    def visit_If(self, node: cst.If) -> None:
        parent = self.ctx.parent
        is_elif = isinstance(parent, cst.If) and parent.orelse is node
        self._test(node.test, "`elif` test" if is_elif else "`if` test", self.ctx.in_loop,
                   statement=None if is_elif else node)

    def visit_While(self, node: cst.While) -> None:
        # Evaluated before every iteration, whatever encloses the loop.
        self._test(node.test, "`while` test", True, loop=node)

    def visit_Assert(self, node: cst.Assert) -> None:
        self._test(node.test, "`assert`", self.ctx.in_loop, pattern="tensor-assert",
                   checked=node)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._test(node.test, "conditional expression test", self.ctx.in_loop)

    def visit_CompIf(self, node: cst.CompIf) -> None:
        self._test(node.test, "comprehension `if`", True)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not):
            self._test(node.expression, "`not` operand", self.ctx.in_loop)

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        # The left operand is always tested; the right one only when the whole operation is
        # (then the enclosing context has reported it already).
        word = "`and`" if isinstance(node.operator, cst.And) else "`or`"
        self._test(node.left, f"{word} operand", self.ctx.in_loop)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.report_sync_behind_read(
            node, "Keep the condition on the device (`torch.where`, masking) in the "
                  "property, or test once after the loop")

    def visit_Call(self, node: cst.Call) -> None:
        if self.report_sync_behind_call(
                node, "Keep the condition on the device (`torch.where`, masking) in the "
                      "helper, or test once after the loop"):
            return
        func = node.func
        if not isinstance(func, cst.Name) or func.value not in BOOL_CONSUMERS:
            return
        if self.ctx.bound(func.value):
            return  # shadowed by a local definition
        args = [a for a in node.args if a.keyword is None and not a.star]
        if len(args) != 1 or len(node.args) != 1:
            return
        argument = args[0].value
        what = f"an element of `{func.value}()`"
        if isinstance(argument, _COMPREHENSIONS):
            operands = [operand for operand in bool_operands(argument.elt)
                        if self.is_device_tensor(operand)]
            if not operands:
                return
            outcome = batched_fix(self.ctx, argument,
                                  loop_ancestors(self.ctx, argument, (node, args[0])))
            for operand in operands:
                self._report(operand, what, per_element=True, outcome=outcome)
        elif elem_of(self.kind(argument)) in DEVICE_TENSORS:
            self._report(argument, f"every element of `{func.value}()`", per_element=True,
                         outcome=Outcome(None, "the elements are not computed by a loop "
                                               "in this statement"))

    # -- reporting ------------------------------------------------------------------------
    def _test(self, test: cst.BaseExpression, what: str, per_iteration: bool,
              loop: cst.CSTNode | None = None, statement: cst.If | None = None,
              pattern: str | None = None, checked: cst.Assert | None = None) -> None:
        for operand in bool_operands(test):
            if self._reduces_module_input(operand):
                # `if not padding_mask.any():` of `tokens.eq(pad)` in a module's `forward`:
                # likely a tensor (the input batch), with no fix (its kind is not known).
                self._report(operand, what, per_element=False, per_iteration=per_iteration,
                             pattern=pattern, likely=True)
            elif self.kind(operand) in DEVICE_TENSORS:
                outcome = None
                if loop is None and self.ctx.loops:
                    loop = self.ctx.loops[-1]
                if loop is not None:
                    outcome = batched_fix(self.ctx, loop, loop_ancestors(self.ctx, loop))
                if statement is not None and (outcome is None or outcome.fix is None):
                    # `if c: x = a` / `else: x = b` selects a value: `torch.where` needs no sync.
                    selected = select_fix(self.ctx, statement)
                    if selected is not None and selected.fix is not None:
                        outcome = Outcome(selected.fix, selected.reason)
                if checked is not None and (outcome is None or outcome.fix is None):
                    # `assert t` -> `torch._assert_async(t)`: checked on the device.
                    checked_outcome = assert_async_fix(self.ctx, checked)
                    outcome = Outcome(checked_outcome.fix, checked_outcome.reason)
                self._report(operand, what, per_element=False, per_iteration=per_iteration,
                             outcome=outcome, pattern=pattern)

    def _reduces_module_input(self, operand: cst.BaseExpression) -> bool:
        """`x.any()` / `x.all()` of a value of unknown kind computed from a module
        `forward`'s unannotated input batch (`Context.reads_module_input`)."""
        if not isinstance(operand, cst.Call) or operand.args or \
                not isinstance(operand.func, cst.Attribute) or \
                operand.func.attr.value not in ("any", "all"):
            return False
        return self.ctx.imports.torch_imported and self.kind(operand) is UNKNOWN and \
            self.ctx.reads_module_input(operand.func.value)

    def _report(self, node: cst.BaseExpression, what: str, *, per_element: bool,
                per_iteration: bool = True, outcome: Outcome | None = None,
                pattern: str | None = None, likely: bool = False) -> None:
        if self.ctx.cold(node) is not None:
            return  # an assert message, a raise, a periodic guard's body
        if per_element:
            message = (f"{what} is a tensor used as a bool: a GPU sync on every iteration "
                       "(one per element)")
            remedy = ("stack the conditions and reduce on the device "
                      "(`torch.stack(...).any()`), then read the result once")
        elif per_iteration:
            loop = loop_word(self.ctx.loops[-1]) if self.ctx.loops else "loop"
            message = f"{what} uses a tensor as a bool: a GPU sync on every {loop} iteration"
            remedy = ("compute the conditions as tensors, `torch.stack` them and transfer "
                      "once (`.tolist()`), then branch on Python bools")
        elif self.ctx.hot_here() is not None:
            hot = self.ctx.hot_here()
            assert hot is not None
            # A rewrite Dynamo traces (`torch.where`, `torch._assert_async`) is offered in
            # per-step and compiled code; the batched one is not (one call, not a loop).
            hot_fix = outcome.fix if outcome is not None and outcome.fix is not None \
                and outcome.fix.compile_safe else None
            remedy = "Keep the condition on the device (`torch.where`, masking)"
            if hot_fix is not None and outcome is not None:
                remedy = with_reason(remedy, outcome.reason).replace(
                    "No safe fix:", "The fix is unsafe:")
            self.report(node, hot_message(f"{what} on a tensor", hot), related=hot_related(hot),
                        fix=hot_fix, help=remedy, pattern=pattern,
                        confidence="likely" if likely else "high")
            return
        else:
            message = f"{what} uses a tensor as a bool: one sync (the CPU waits for queued GPU work)"
            remedy = ("keep the condition on the device (`torch.where`, masking) or read it "
                      "once where a host value is really needed")
        fix = outcome.fix if outcome is not None else None
        reason = outcome.reason if outcome is not None else None
        self.report(node, message, fix=fix, help=with_reason(remedy, reason), pattern=pattern,
                    confidence="likely" if likely else "high")
