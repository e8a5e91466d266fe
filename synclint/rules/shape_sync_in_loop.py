"""SYN104 shape-sync-in-loop: ops whose output size depends on the data (`nonzero`,
`t[mask]`, `unique` ...) in a loop: the host must learn the size, a GPU sync each time."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.chains import (
    hot_message,
    hot_related,
)
from synclint.analysis.kinds import BOOL_TENSOR, DEVICE_TENSORS, TENSORS, UNKNOWN, Kind
from synclint.analysis.loops import loop_word
from synclint.analysis.names import keyword_arg
from synclint.analysis.torch_api import SHAPE_FUNCTIONS, SHAPE_TORCH_ONLY
from synclint.fixes.output_size import output_size_fix, output_size_help
from synclint.rules.base import PendingFix, Rule
from synclint.rules.wording import sentence

_FIXED_SHAPE = "`torch.where(mask, a, b)` or `masked_fill` keep the shape fixed"
_STATIC = "`nonzero_static(size=...)` when an upper bound is known"
#: op -> what to do instead.
SUGGESTIONS = {
    "nonzero": f"{_FIXED_SHAPE}; or use {_STATIC}",
    "argwhere": f"{_FIXED_SHAPE}; or use {_STATIC}",
    "where": f"use the three-argument `torch.where(mask, a, b)`, or {_STATIC}",
    "masked_select": f"{_FIXED_SHAPE} (e.g. `t.masked_fill(~mask, 0).sum()` for a masked sum)",
    "mask": f"{_FIXED_SHAPE} (e.g. `torch.where(mask, t, 0).sum()` instead of `t[mask].sum()`)",
    "store": "`t.copy_(torch.where(mask, value, t))` (or `torch.where` out of place) keeps the "
    "shapes fixed and does not sync",
    "unique": "move it out of the loop (one call on the stacked data), or count over a known "
    "range with a fixed-size `scatter_add`/`one_hot`",
    "unique_consecutive": "move it out of the loop (one call on the stacked data)",
    "repeat_interleave": "pass `output_size=` (the total, known on the host) so no sync is "
    "needed",
}


class ShapeSyncInLoop(Rule):
    code = "SYN104"
    name = "shape-sync-in-loop"
    summary = "An op whose output size depends on the data, in a loop: one GPU sync per iteration"
    group = "data-dependent shape"
    fixable = True
    triggers = ("nonzero", "argwhere", "masked_select", "unique", "repeat_interleave",
                "where", "[")

    VALID = [
        # Three-argument where keeps the shape.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        y = torch.where(t > 0, t, 0)\n",
        # A static size never syncs.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        idx = t.nonzero_static(size=4)\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        t.masked_fill_(t < 0, 0.0)\n",
        # Integer and unknown indices are not masks.
        "import torch\ndef f(ts: list[torch.Tensor], idx):\n    for t in ts:\n"
        "        a = t[0]\n        b = t[idx]\n        c = t[torch.arange(3)]\n",
        # An int repeat count, or a given output size.
        "import torch\ndef f(ts: list[torch.Tensor], r: torch.Tensor, n: int):\n"
        "    for t in ts:\n        a = t.repeat_interleave(2)\n"
        "        b = t.repeat_interleave(r, output_size=n)\n",
        # Outside any loop: one sync, not one per iteration.
        "import torch\ndef f(t: torch.Tensor):\n    return t[t > 0].sum(), t.nonzero()\n",
        # NumPy masks and host tensors.
        "import torch\nimport numpy as np\ndef f(arrays: list[np.ndarray]):\n"
        "    for a in arrays:\n        b = a[a > 0]\n        c = a.nonzero()\n"
        "        d = torch.tensor([1, 2])\n        e = d[d > 1]\n",
        # A mask store of a host scalar dispatches to masked_fill, which does not sync.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        t[torch.isnan(t)] = 0.0\n",
        # pandas' .unique() on an unknown receiver.
        "import torch\nfor frame in frames:\n    names = frame['name'].unique()\n",
    ]
    INVALID = [
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        idx = t.nonzero()\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        idx = torch.nonzero(t > 0)\n",
        "import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    return [g[g > 0].mean() for g in grads]\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        vals = torch.masked_select(t, ~torch.isfinite(t))\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        u = t.unique()\n",
        "import torch\ndef f(ts: list[torch.Tensor], r: torch.Tensor):\n    for t in ts:\n"
        "        y = t.repeat_interleave(r)\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        rows, cols = torch.where(t > 0)\n",
        "import torch\ndef f(xs: list[torch.Tensor], ys: list[torch.Tensor]):\n"
        "    for x, y in zip(xs, ys):\n        x[y > 0] = y[y > 0]\n",
        "import torch\ndef f(x: torch.Tensor):\n    while x.numel():\n"
        "        x = x[x.abs() > 1] / 2\n",
    ]

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.report_sync_behind_read(
            node, "Keep shapes fixed in the property (`torch.where(mask, a, b)`, "
                  "`masked_fill`)")

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_loop and self.ctx.hot_here() is None:
            return
        if self.report_sync_behind_call(
                node, "Keep shapes fixed in the helper (`torch.where(mask, a, b)`, "
                      "`masked_fill`)"):
            return
        func = node.func
        if self.ctx.imports.qualify(func) is not None:
            name = self.ctx.imports.torch_function(func)
            if name in SHAPE_FUNCTIONS:
                self._function(node, name)
            return
        if isinstance(func, cst.Attribute):
            self._method(node, func.attr.value, self.kind(func.value))

    def _function(self, node: cst.Call, name: str) -> None:
        positional = [a for a in node.args if a.keyword is None]
        if name == "where":
            if len(node.args) != 1:
                return
            subject: Kind = self.kind(node.args[0].value)
        elif name == "repeat_interleave":
            if keyword_arg(node, "output_size") is not None:
                return
            # torch.repeat_interleave(repeats) or torch.repeat_interleave(input, repeats, ...)
            repeats = keyword_arg(node, "repeats")
            if repeats is None:
                repeats = positional[1] if len(positional) > 1 else (
                    positional[0] if len(positional) == 1 and keyword_arg(node, "input") is None
                    else None
                )
            if repeats is None or self.kind(repeats.value) not in DEVICE_TENSORS:
                return
            subject = self.kind(repeats.value)
        else:
            first = positional[0] if positional else keyword_arg(node, "input")
            if first is None:
                return
            subject = self.kind(first.value)
        if name == "repeat_interleave" and subject in DEVICE_TENSORS:
            assert repeats is not None
            one_argument = len(positional) == 1 and repeats is positional[0]
            self._report_repeat(node, "`torch.repeat_interleave()`", repeats, one_argument)
        elif subject in DEVICE_TENSORS:
            self._report(node, f"`torch.{name}()`", name)
        elif subject is UNKNOWN:
            self._report(node, f"`torch.{name}()`", name, likely=True)

    def _method(self, node: cst.Call, name: str, receiver: Kind) -> None:
        if name not in SHAPE_FUNCTIONS or name == "where":
            return
        if name == "repeat_interleave":
            if keyword_arg(node, "output_size") is not None:
                return
            positional = [a for a in node.args if a.keyword is None]
            repeats = keyword_arg(node, "repeats") or (positional[0] if positional else None)
            if repeats is None or self.kind(repeats.value) not in DEVICE_TENSORS:
                return
            if receiver in DEVICE_TENSORS:
                self._report_repeat(node, f"`.{name}()`", repeats, False)
                return
        if receiver in DEVICE_TENSORS:
            self._report(node, f"`.{name}()`", name)
        elif receiver is UNKNOWN and name in SHAPE_TORCH_ONLY and self.ctx.imports.torch_imported:
            self._report(node, f"`.{name}()`", name, likely=True)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not self.ctx.in_loop and self.ctx.hot_here() is None:
            return
        if not any(
            isinstance(element.slice, cst.Index) and self.kind(element.slice.value) is BOOL_TENSOR
            for element in node.slice
        ):
            return
        base = self.kind(node.value)
        if base not in TENSORS and base is not UNKNOWN:
            return  # a dict keyed by tensors, a list: not tensor indexing
        if self._is_store(node):
            # Outside loops SYN109 reports the store ("Storing a tensor through a boolean
            # mask ..."): one finding per store.
            if self.ctx.in_loop and self._stored_value_syncs(node):
                self._report(node, "A boolean-mask store", "store", likely=base is UNKNOWN)
            return
        if self._read_of_store(node):
            return  # `t[m] = f(t[m])`: one finding, the store's
        self._report(node, "Boolean-mask indexing", "mask", likely=base is UNKNOWN)

    def _read_of_store(self, node: cst.Subscript) -> bool:
        """`node` reads what the statement around it stores through the same mask
        (`t[m] = normalize(t[m])`), and that store is reported: one fix covers both."""
        for parent in reversed(self.ctx.parents):
            if isinstance(parent, cst.Assign):
                return any(isinstance(t.target, cst.Subscript) and t.target.deep_equals(node)
                           for t in parent.targets) and self.kind(parent.value) in TENSORS
            if isinstance(parent, (cst.BaseStatement, cst.Lambda, cst.BaseComp)):
                return False
        return False

    def _is_store(self, node: cst.Subscript) -> bool:
        # The walker visits assignment targets directly below the Assign statement.
        parent = self.ctx.parent
        return isinstance(parent, cst.Assign) and any(t.target is node for t in parent.targets)

    def _stored_value_syncs(self, node: cst.Subscript) -> bool:
        """`t[mask] = 0.0` becomes masked_fill_ (no sync); `t[mask] = other` needs the count."""
        statement = self.ctx.parent
        return not isinstance(statement, cst.Assign) or self.kind(statement.value) in TENSORS

    def _report_repeat(self, node: cst.Call, what: str, repeats: cst.Arg,
                       one_argument: bool) -> None:
        """`repeat_interleave` with GPU repeats: with the `output_size=` fix where the
        total is the sum of the host list the repeats are made from."""
        outcome = output_size_fix(node, repeats.value, one_argument, self.scope(),
                                  self.ctx.parents, self.output_size_facts())
        self._report(node, what, "repeat_interleave", fix=outcome.fix,
                     remedy=output_size_help(outcome))

    def _report(self, node: cst.CSTNode, what: str, op: str, *, likely: bool = False,
                fix: PendingFix | None = None, remedy: str | None = None) -> None:
        if self.ctx.cold(node) is not None:
            return  # an assert message, a raise, a periodic guard's body
        if not self.ctx.loops:
            hot = self.ctx.hot_here()
            if hot is not None:
                self.report(node, hot_message(f"{what} (a data-dependent shape)", hot),
                            confidence="likely" if likely else "high", fix=fix,
                            related=hot_related(hot), help=sentence(remedy or SUGGESTIONS[op]))
            return
        loop = loop_word(self.ctx.loops[-1])
        message = f"{what} in a {loop} has a data-dependent size: one GPU sync per iteration"
        if op == "store":
            message = f"{what} in a {loop} reads the mask's count: one GPU sync per iteration"
        remedy = remedy or SUGGESTIONS[op]
        if likely:
            remedy = "if the operand is a GPU tensor: " + remedy
        self.report(node, message, confidence="likely" if likely else "high", fix=fix,
                    help=sentence(remedy))
