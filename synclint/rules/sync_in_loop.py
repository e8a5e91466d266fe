"""SYN101 sync-in-loop: a host read of a tensor (`.item()`, `float(t)`, ...) inside a loop."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.chains import (
    hot_message,
    hot_related,
)
from synclint.analysis.kinds import DEVICE_TENSORS, UNKNOWN
from synclint.analysis.logging import logged_by_syn106
from synclint.analysis.loops import loop_word
from synclint.analysis.names import is_cpu_device, keyword_arg
from synclint.analysis.torch_api import (
    LIKELY_TENSOR_METHODS,
    SYNC_BUILTINS,
    SYNC_COMPARISONS,
    SYNC_METHODS,
    SYNC_MODULES,
)
from synclint.analysis.tree import walk
from synclint.fixes.batched import (
    batched_fix,
    loop_ancestors,
    loops_over_columns,
    loops_over_dtypes,
    read_for_a_loop,
    reads_each_when_mixed,
)
from synclint.rules.base import Rule
from synclint.rules.wording import with_reason


class SyncInLoop(Rule):
    code = "SYN101"
    name = "sync-in-loop"
    summary = "A tensor is read on the host inside a loop: one GPU sync per iteration"
    group = "host read"
    fixable = True
    triggers = (".item(", ".tolist(", ".cpu(", ".numpy(", ".to(", "float(", "int(", "bool(",
                "complex(", "str(", "repr(", "print(", "format(", "math.", "np.", "numpy",
                "{", "equal(", "allclose(", "_object(", "_object_list(", "] *", "]*", "* [")

    VALID = [
        # A single read outside any loop is one sync, not one per iteration.
        "import torch\nloss = torch.ones(()).cuda()\nvalue = loss.item()\n",
        # NumPy's .item() never syncs.
        "import numpy as np\nfor a in arrays:\n    x = np.asarray(a).item()\n",
        # dict.items() is not .item().
        "import torch\nfor k, v in stats.items():\n    print(k)\n",
        # A list of tensors repeated by an int, and a repeat by a length, read nothing.
        "import torch\ndef f(ts: list[torch.Tensor], w: int):\n    out = []\n    for t in ts:\n"
        "        out += [t] * w + [w] * len(t)\n",
        # Host numbers.
        "import torch\ntotal = 0.0\nfor x in [1.0, 2.0]:\n    total += float(x)\n",
        # The iterable of a for loop is evaluated once.
        "import torch\ndef f(t: torch.Tensor):\n    for v in t.tolist():\n        print(v)\n",
        # A tensor already on the host: .item() does not sync.
        "import torch\ndef f(t: torch.Tensor):\n    h = t.cpu()\n    for i in range(3):\n        x = h.item()\n",
        # Metadata reads never sync.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        n = int(t.numel())\n        s = int(t.shape[0])\n",
        # A function defined in a loop runs per call, not per iteration.
        "import torch\nfor i in range(3):\n    def f(t: torch.Tensor):\n        return t.item()\n",
        # No torch anywhere: an unknown .item() is not reported.
        "for row in rows:\n    x = row.item()\n",
        # Non-blocking device-to-host copies do not wait.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        h = t.to('cpu', non_blocking=True)\n",
        # A batch of values moved at once, as the batched fix writes it in an outer loop.
        "import torch\ndef f(layers: list[list[torch.Tensor]]):\n    for layer in layers:\n"
        "        values = torch.stack([t.sum() for t in layer]).tolist()\n",
        # Moving a module.
        "import torch\nfor m in [torch.nn.Linear(2, 2)]:\n    m.cpu()\n",
        # One transfer for a whole inner loop, as the batched fix writes it.
        "import torch\ndef f(rows: list[torch.Tensor]):\n    for row in rows:\n"
        "        for v in row.tolist():\n            print(v)\n",
        "import torch\ndef f(rows: list[torch.Tensor], n: int):\n    for row in rows:\n"
        "        row_list = row.flatten().tolist()\n        for i in range(n):\n"
        "            print(row_list[i])\n",
    ]
    INVALID = [
        "import torch\nfor p in model.parameters():\n    print(p.grad.norm().item())\n",
        "import torch\nstats = {}\nfor name, p in model.named_parameters():\n    stats[name] = p.norm().item()\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    return [t.item() for t in ts]\n",
        "import torch\ndef f(losses: list[torch.Tensor]):\n    total = 0.0\n    for loss in losses:\n        total += loss.item()\n    return total\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    return sum(float(t) for t in ts)\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        values = t.tolist()\n",
        # A piece of one tensor per outer step, each read with its own transfer.
        "import torch\ndef f(codes: torch.Tensor, n: int):\n    for t in range(n):\n"
        "        for v in codes[0, :, t].tolist():\n            print(v)\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        h = t.to('cpu')\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        a = t.cpu().numpy()\n",
        "import torch\ndef f(x: torch.Tensor):\n    while x.sum().item() > 1:\n        x = x / 2\n",
        # An unknown receiver in a torch file: reported with lower confidence.
        "import torch\nfor k, v in metrics.items():\n    logs[k] = v.item()\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        print(f'{t.sum()}')\n",
        # A list repeated by a tensor count reads the count (`Tensor.__index__`).
        "import torch\ndef f(ts: list[torch.Tensor], w: int):\n    out = []\n    for t in ts:\n"
        "        out += [w] * (t // w)\n",
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_loop and self.ctx.hot_here() is None:
            return
        if self.report_sync_behind_call(
                node, "Keep the value on the device in the helper, or read the values once "
                      "after the loop"):
            return
        func = node.func
        if isinstance(func, cst.Attribute):
            self._method(node, func)
        elif isinstance(func, cst.Name):
            self._builtin(node, func.value)
        qualified = self.ctx.imports.qualify(func)
        if qualified is not None and qualified.startswith(SYNC_MODULES):
            if any(self.is_device_tensor(arg.value) for arg in node.args):
                self._report(node, f"`{qualified}()` of a tensor")
        elif qualified is not None and self.ctx.imports.torch_function(func) in SYNC_COMPARISONS:
            # torch.equal / torch.allclose compare on the device, then return a Python bool.
            if any(self.is_device_tensor(arg.value) for arg in node.args):
                self._report(node, f"`{qualified}()` of tensors", batched=False)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.report_sync_behind_read(
            node, "Keep the value on the device in the property, or read it once after the "
                  "loop")

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if not isinstance(node.operator, cst.Multiply) or \
                (not self.ctx.in_loop and self.ctx.hot_here() is None):
            return
        # `[w] * (n // w)`: a Python sequence repeated by a tensor reads the count on the
        # host (`Tensor.__index__`).
        for sequence, count in ((node.left, node.right), (node.right, node.left)):
            if isinstance(sequence, (cst.List, cst.Tuple, cst.ListComp)) and \
                    self.is_device_tensor(count):
                self._report(node, "A list repeated by a tensor count", batched=False,
                             remedy="Read the counts once before the loop (`counts = "
                             "t.tolist()`) and repeat by the Python ints.")
                return

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        if (self.ctx.in_loop or self.ctx.hot_here() is not None) and \
                self.is_device_tensor(node.expression):
            self._report(node, "Formatting a tensor in an f-string")

    def _method(self, node: cst.Call, func: cst.Attribute) -> None:
        method = func.attr.value
        receiver = self.kind(func.value)
        if method == "to":
            if not self._to_cpu(node):
                return
            if receiver in DEVICE_TENSORS:
                self._report(node, "`.to('cpu')`")
            return
        if method in SYNC_COMPARISONS:
            if receiver in DEVICE_TENSORS:
                self._report(node, f"`.{method}()` of tensors", batched=False)
            return
        if method not in SYNC_METHODS and not (method == "numpy" and _forced(node)):
            return  # a plain `.numpy()` raises on a GPU tensor: its receiver is on the host
        if method == "tolist" and isinstance(func.value, cst.Call) \
                and self.ctx.imports.qualify(func.value.func) == "torch.stack":
            # One transfer for a whole batch of values (the batched fix writes this inside
            # an outer loop): batching the outer loop too is left to the user.
            return
        if method == "tolist" and not node.args and self.ctx.loops \
                and read_for_a_loop(self.ctx, node) and not self._slice_per_step(func.value):
            # `for x in t.tolist():`, `t_list = t.tolist()` before a loop, inside an outer
            # loop: one transfer for a whole inner loop (the batched fix's form); the outer
            # loop is left to the user. With no outer loop, in per-step code (`forward`), the
            # one read is still a sync per call, as it is with no loop after it.
            return
        if receiver in DEVICE_TENSORS:
            self._report(node, f"`.{method}()`")
        elif (
            receiver is UNKNOWN
            and method in LIKELY_TENSOR_METHODS
            and (self.ctx.imports.torch_imported or self.ctx.mentions_torch)
        ):
            self._report(node, f"`.{method}()`", likely=True)
        elif receiver is UNKNOWN and method == "tolist" and self.ctx.imports.torch_imported \
                and self.ctx.reads_module_input(func.value):
            # `(x > t).squeeze(1).tolist()` of a module's unannotated input batch.
            self._report(node, f"`.{method}()`", likely=True)

    def _slice_per_step(self, receiver: cst.BaseExpression) -> bool:
        """`codes[0, :, t]` of one device tensor, indexed by the variable of an enclosing
        loop: each outer step reads its own piece with its own transfer, where one read of
        the whole tensor before the loop would do."""
        if not isinstance(receiver, cst.Subscript) or not self.is_device_tensor(receiver.value):
            return False
        targets = {name.value for loop in self.ctx.loops if isinstance(loop, cst.For)
                   for name in walk(loop.target) if isinstance(name, cst.Name)}
        return any(isinstance(name, cst.Name) and name.value in targets
                   for element in receiver.slice for name in walk(element))

    def _to_cpu(self, node: cst.Call) -> bool:
        blocking = keyword_arg(node, "non_blocking")
        if blocking is not None and not (
            isinstance(blocking.value, cst.Name) and blocking.value.value == "False"
        ):
            return False
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value == "device":
                if is_cpu_device(arg.value):
                    return True
        return False

    def _builtin(self, node: cst.Call, name: str) -> None:
        if name not in SYNC_BUILTINS or self.ctx.bound(name):
            return
        for arg in node.args:
            if arg.keyword is None and self.is_device_tensor(arg.value):
                self._report(node, f"`{name}()` of a tensor")
                return
        if len(node.args) == 1 and node.args[0].keyword is None and \
                self.ctx.imports.torch_imported and self.kind(node.args[0].value) is UNKNOWN \
                and self.ctx.reads_module_input(node.args[0].value, indexed=True):
            # `int(idx_m[-1])` with `idx_m = inputs["idx_m"]` of a module's unannotated
            # input batch: an element of a maybe-tensor.
            self._report(node, f"`{name}()` of a tensor", likely=True)

    def _report(self, node: cst.CSTNode, what: str, *, likely: bool = False,
                batched: bool = True, remedy: str | None = None) -> None:
        if id(node) in self._reported or self.ctx.cold(node) is not None \
                or logged_by_syn106(self.ctx, node):
            return  # reported already, cold code (SYN107 takes periodic reads), or SYN106's
        if not self.ctx.loops:
            hot = self.ctx.hot_here()
            if hot is None:
                return
            self.report(node, hot_message(what, hot), confidence="likely" if likely else "high",
                        related=hot_related(hot),
                        help="Keep the value as a tensor, or read it only every N steps.")
            return
        loop_node = self.ctx.loops[-1]
        if loops_over_dtypes(loop_node) or loops_over_columns(loop_node):
            return  # one read per dtype or per column (the batched fix's own), not per element
        if reads_each_when_mixed(loop_node, loop_ancestors(self.ctx, loop_node)):
            return  # the batched fix's own fallback for values of several dtypes
        loop = loop_word(loop_node)
        if not batched:
            self.report(
                node, f"{what} in a {loop} syncs with the GPU on every iteration",
                help=remedy or "Compare on the device (`(a == b).all()`, "
                "`torch.isclose(a, b).all()`), stack the results and read them once after "
                "the loop. No safe fix: the comparisons return Python bools the loop may "
                "branch on.")
            return
        message = f"{what} in a {loop} syncs with the GPU on every iteration"
        remedy = "collect the tensors, stack them and transfer once"
        if likely:
            remedy = "if the receiver is a tensor: " + remedy
        # Every finding of one loop carries the same fix: the fixer applies it once.
        outcome = batched_fix(self.ctx, loop_node, loop_ancestors(self.ctx, loop_node))
        self.report(node, message, fix=outcome.fix, confidence="likely" if likely else "high",
                    help=with_reason(remedy, outcome.reason))


def _forced(node: cst.Call) -> bool:
    """`t.numpy(force=True)`: copies an accelerator tensor to the host first (a read)."""
    force = keyword_arg(node, "force")
    return force is not None and not (isinstance(force.value, cst.Name)
                                      and force.value.value == "False")
