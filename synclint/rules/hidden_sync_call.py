"""SYN110 hidden-sync-call: calls that read a GPU value on the host inside, though nothing
in the code says so: `torch.is_nonzero`, `.type(torch.LongTensor)` (a move to the CPU),
`torch.tensor([...])` of GPU scalars, `clip_grad_norm_(..., error_if_nonfinite=True)`, a
GPU tensor used as a size (`torch.zeros(n, ...)`, `range(n)`, `x.new_zeros(n)`); and, per
step, `GradScaler.get_scale()` and `torch.cuda.empty_cache()`."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.kinds import HOST, HOST_TENSOR, NUMPY
from synclint.analysis.names import dotted_name, last_name
from synclint.analysis.site_names import HIDDEN_SYNC_NAMES, SIZE_FUNCTIONS, SIZE_METHODS
from synclint.diagnostics import Applicability
from synclint.rules.base import Example, PendingFix, Replacement, Rule
from synclint.rules.gating import per_step
from synclint.rules.wording import IF_ON_GPU

#: CPU tensor types and the cast method that keeps a tensor where it is.
CPU_TENSOR_TYPES = {
    "FloatTensor": "float", "DoubleTensor": "double", "HalfTensor": "half",
    "BFloat16Tensor": "bfloat16", "LongTensor": "long", "IntTensor": "int",
    "ShortTensor": "short", "CharTensor": "char", "ByteTensor": "byte", "BoolTensor": "bool",
}
SIZE_REMEDY = ("Read the size once where it is computed, where it shows "
               "(`n = int(mask.sum())`), or keep the shape static (masks, `torch.where`).")
#: `empty_cache` of every backend: each waits for the device before returning memory.
EMPTY_CACHE = frozenset({"torch.cuda.empty_cache", "torch.xpu.empty_cache",
                         "torch.mps.empty_cache", "torch.npu.empty_cache"})


class HiddenSyncCall(Rule):
    code = "SYN110"
    name = "hidden-sync-call"
    summary = "A call that reads a GPU value on the host inside, though the code does not show it"
    group = "host read"
    fixable = True
    triggers = ("is_nonzero", "Tensor", "tensor(", "error_if_nonfinite", "get_scale",
                "empty_cache", "range(", "zeros(", "ones(", "empty(", "full(", "rand",
                "arange(", "space(", "eye(", "new_", "view(", "reshape(", "expand(",
                "repeat(", "narrow(")

    VALID = [
        # Casts that keep the tensor on its device.
        "import torch\ndef f(t: torch.Tensor):\n    return t.long(), t.type(torch.int64), "
        "t.type(torch.cuda.LongTensor)\n",
        # A host tensor: `.type(torch.LongTensor)` is a cast there.
        "import torch\ndef f(t: torch.Tensor):\n    return t.cpu().type(torch.LongTensor)\n",
        # clip_grad_norm_ without the check.
        "import torch\ndef f(m: torch.nn.Module):\n"
        "    torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=False)\n",
        # torch.tensor of Python numbers; stack of device scalars.
        "import torch\ndef f(a: torch.Tensor, b: torch.Tensor, xs: list[float]):\n"
        "    return torch.tensor([0.5, 1.0]), torch.tensor(xs), torch.stack([a, b])\n",
        # Once, outside any loop.
        "import torch\ndef f(scaler: torch.cuda.amp.GradScaler):\n    torch.cuda.empty_cache()\n"
        "    return scaler.get_scale()\n",
        # In a loop, `.item()` inside torch.tensor is SYN101's finding.
        "import torch\ndef f(ts: list[torch.Tensor]):\n"
        "    return [torch.tensor([t.item()]) for t in ts]\n",
        # Sizes from shapes, lengths and Python numbers; a tensor `view`ed as a dtype.
        "import torch\ndef f(x: torch.Tensor, n: int):\n"
        "    m = x.shape[0]\n    y = torch.zeros(m, len(x), n, device=x.device)\n"
        "    return y.view(torch.int32), x.new_zeros(x.size(0)), range(len(x))\n",
        # A CPU tensor's value is read without a device sync.
        "import torch\ndef f(lengths: list[int]):\n"
        "    n = torch.tensor(lengths).sum()\n    return torch.zeros(n), range(n)\n",
    ]
    INVALID = [
        "import torch\ndef f(done: torch.Tensor):\n    return torch.is_nonzero(done.any())\n",
        Example("import torch\ndef f(logits: torch.Tensor):\n"
                "    return logits.argmax(-1).type(torch.LongTensor)\n",
                "import torch\ndef f(logits: torch.Tensor):\n    return logits.argmax(-1).long()\n"),
        "import torch\ndef f(t: torch.Tensor):\n    return t.type('torch.FloatTensor')\n",
        "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n    return torch.tensor([a, b])\n",
        "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
        "    return torch.tensor([a.item(), float(b)])\n",
        "import torch\ndef f(m: torch.nn.Module):\n"
        "    torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=True)\n",
        "import torch\ndef f(scaler, loader):\n    for batch in loader:\n"
        "        scale = scaler.get_scale()\n",
        "import torch\nfor step in range(10):\n    torch.cuda.empty_cache()\n",
        # A 0-d GPU tensor (a count) used as a size.
        "import torch\ndef f(mask: torch.Tensor, d: int):\n    n = mask.sum()\n"
        "    return torch.zeros(n, d, device=mask.device)\n",
        "import torch\ndef f(mask: torch.Tensor):\n    return [i for i in range(mask.sum())]\n",
        "import torch\ndef f(x: torch.Tensor, k: torch.Tensor):\n    return x.new_zeros(k)\n",
    ]

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        # Cheap test first: most calls name none of these.
        if last_name(func) not in HIDDEN_SYNC_NAMES:
            return
        qualified = self.ctx.imports.qualify(func)
        if qualified is not None:
            self._function(node, qualified)
            return
        if isinstance(func, cst.Name) and func.value == "range" and \
                not self.ctx.bound("range"):
            self._sizes(node, "range", None)
            return
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if method in SIZE_METHODS and self.is_device_tensor(func.value):
            self._sizes(node, f".{method}", SIZE_METHODS[method])
            return
        if method == "type" and len(node.args) == 1:
            self._type(node, func)
        elif method == "is_nonzero" and not node.args and self.is_device_tensor(func.value):
            self.report(node, f"`.is_nonzero()` reads the tensor on the host: {IF_ON_GPU}",
                        help="Keep the test on the device (`t != 0`) and read it once where "
                        "a Python bool is needed.")
        elif method in ("clip_grad_norm_", "clip_grad_norm"):
            self._clip(node)
        elif method == "get_scale" and not node.args and per_step(self.ctx):
            receiver = dotted_name(func.value) or ""
            if "scaler" in receiver.split(".")[-1].lower():
                self.report(node, "`GradScaler.get_scale()` is `.item()` of the scale: one "
                            "sync per step",
                            help="Read the scale only when it is logged, or keep "
                            "`scaler._scale` (a tensor) and read it with the other values.")

    def _function(self, node: cst.Call, qualified: str) -> None:
        if qualified == "torch.is_nonzero":
            arg = node.args[0].value if node.args else None
            if arg is not None and self.kind(arg) not in (HOST_TENSOR, NUMPY, HOST):
                self.report(node, f"`torch.is_nonzero()` reads the tensor on the host: {IF_ON_GPU}",
                            help="Keep the test on the device (`t != 0`) and read it once "
                            "where a Python bool is needed.")
        elif qualified in ("torch.tensor", "torch.as_tensor"):
            self._tensor_of_scalars(node, qualified.split(".")[-1])
        elif qualified.split(".")[-1] in ("clip_grad_norm_", "clip_grad_norm"):
            self._clip(node)
        elif qualified.startswith("torch.") and qualified.count(".") == 1 and \
                qualified[len("torch."):] in SIZE_FUNCTIONS:
            self._sizes(node, qualified, SIZE_FUNCTIONS[qualified[len("torch."):]])
        elif qualified in EMPTY_CACHE and per_step(self.ctx):
            self.report(node, f"`{qualified}()` waits for the device: in a loop, on every "
                        "iteration",
                        help="Free memory once, outside the loop; the caching allocator "
                        "reuses blocks without it.")

    def _sizes(self, node: cst.Call, name: str, positions: tuple[int, ...] | None) -> None:
        """A GPU tensor given where a call takes a size: it is read on the host (a 0-d
        count) before the call can allocate or loop."""
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        chosen = positional if positions is None else [
            positional[i] for i in positions if i < len(positional)]
        for arg in chosen:
            values = [e.value for e in arg.elements] if isinstance(arg, (cst.Tuple, cst.List)) \
                else [arg]
            if any(self.is_device_tensor(value) for value in values):
                self.report(node, f"`{name}()` with a tensor as a size reads it on the host: "
                            f"{IF_ON_GPU}", help=SIZE_REMEDY)
                return

    def _type(self, node: cst.Call, func: cst.Attribute) -> None:
        if not self.is_device_tensor(func.value):
            return
        arg = node.args[0]
        if arg.keyword is not None and arg.keyword.value != "dtype":
            return
        type_name = self._cpu_tensor_type(arg.value)
        if type_name is None:
            return
        cast = CPU_TENSOR_TYPES[type_name]
        receiver = cst.Module([]).code_for_node(func.value)
        fix = PendingFix(Applicability.UNSAFE, f"Replace with `.{cast}()`",
                         (Replacement(node, f"{receiver}.{cast}()"),))
        self.report(node, f"`.type(torch.{type_name})` moves a GPU tensor to the CPU: a "
                    "blocking copy",
                    help=f"Cast in place on the device with `.{cast}()` (or "
                    f"`.to(torch.{cast if cast != 'char' else 'int8'})`). No safe fix: the "
                    "cast keeps the tensor on the GPU, so code that relied on a CPU tensor "
                    "would change.", fix=fix)

    def _cpu_tensor_type(self, node: cst.BaseExpression) -> str | None:
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            name = value if isinstance(value, str) else ""
        else:
            name = self.ctx.imports.qualify(node) or ""
        head, _, last = name.rpartition(".")
        return last if head == "torch" and last in CPU_TENSOR_TYPES else None

    def _tensor_of_scalars(self, node: cst.Call, name: str) -> None:
        data = node.args[0] if node.args and node.args[0].keyword is None else None
        if data is None or not isinstance(data.value, (cst.List, cst.Tuple)):
            return
        elements = [e.value for e in data.value.elements if not isinstance(e, cst.StarredElement)]
        if any(self.is_device_tensor(e) for e in elements):
            what = "0-d tensors"
        elif not self.ctx.in_loop and any(self._host_read(e) for e in elements):
            what = "host reads of tensors"  # in a loop, SYN101 reports each read
        else:
            return
        self.report(node, f"`torch.{name}()` of {what}: each is read on the host, {IF_ON_GPU}",
                    help="`torch.stack([...])` builds it on the device without a sync (it "
                    "keeps the elements' dtype and device: add `.to(...)` to match).")

    def _host_read(self, node: cst.BaseExpression) -> bool:
        if not isinstance(node, cst.Call):
            return False
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "item":
            return self.is_device_tensor(func.value)
        if (isinstance(func, cst.Name) and func.value in ("float", "int", "bool") and node.args
                and not self.ctx.bound(func.value)):
            return self.is_device_tensor(node.args[0].value)
        return False

    def _clip(self, node: cst.Call) -> None:
        for arg in node.args:
            if (arg.keyword is not None and arg.keyword.value == "error_if_nonfinite"
                    and isinstance(arg.value, cst.Name) and arg.value.value == "True"):
                self.report(node, "`error_if_nonfinite=True` reads the total norm on the host "
                            "to decide whether to raise",
                            help="Drop the check in the step loop, or test "
                            "`torch.isfinite(norm)` on the device and read it with other "
                            "values.")
                return

