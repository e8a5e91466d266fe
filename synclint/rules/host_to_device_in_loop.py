"""SYN105 host-to-device-in-loop: a blocking copy of host data to the GPU in a loop body."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS, HOST_TENSOR, UNKNOWN
from synclint.analysis.loops import loop_word
from synclint.analysis.names import dotted_name, is_cpu_device, keyword_arg
from synclint.analysis.torch_api import COPYING_CONSTRUCTORS
from synclint.analysis.uses import binds, occurrences
from synclint.rules.base import Rule
from synclint.rules.wording import sentence

_ADVICE = (
    "build the values for all iterations first and copy them once, create constants on the "
    "device directly (`torch.full((), value, device=d)`), or copy from pinned memory with "
    "`non_blocking=True`"
)


class HostToDeviceInLoop(Rule):
    code = "SYN105"
    name = "host-to-device-in-loop"
    summary = "Host data is copied to the GPU with a blocking copy inside a loop"
    group = "host-to-device copy"
    triggers = ("tensor", "asarray", ".to", ".cuda")

    VALID = [
        # A DataLoader batch is of unknown kind: `x.to(device)` is the standard idiom.
        "import torch\nfor x, y in loader:\n    x, y = x.to(device), y.to(device)\n",
        # Non-blocking copies from pinned memory do not stall the host.
        "import torch\nimport numpy as np\ndef f(arrays: list[np.ndarray], device):\n"
        "    for a in arrays:\n"
        "        t = torch.from_numpy(a).pin_memory().to(device, non_blocking=True)\n",
        # Factories with a device allocate there: nothing is copied from the host.
        "import torch\nfor i in range(10):\n    z = torch.zeros(4, device=device)\n"
        "    r = torch.arange(i, device=device)\n    f = torch.full((2,), 1.0, device=device)\n",
        # Outside any loop: one copy.
        "import torch\nlookup = torch.tensor([1, 2, 3], device='cuda')\n",
        # Copies to the CPU are not host-to-device.
        "import torch\nfor v in values:\n    t = torch.tensor(v, device='cpu')\n"
        "    u = torch.as_tensor(v, device=torch.device('cpu'))\n",
        # Casting a host tensor's dtype moves nothing.
        "import torch\nfor v in values:\n    t = torch.tensor(v).to(torch.float64)\n",
        # as_tensor of a tensor already on the device is a no-op.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        u = torch.as_tensor(t, device=t.device)\n",
        # Host tensors that stay on the host.
        "import torch\nfor v in values:\n    t = torch.tensor(v)\n    s = t.sum()\n",
    ]
    INVALID = [
        "import torch\ndef f(rewards: list[list[float]], device):\n    out = []\n"
        "    for r in rewards:\n        out.append(torch.tensor(r, device=device))\n"
        "    return out\n",
        "import torch\nfor step in range(100):\n"
        "    mask = torch.as_tensor(masks[step], device='cuda')\n",
        "import torch\nfor obs in observations:\n    x = torch.tensor(obs).to(device)\n",
        "import torch\nimport numpy as np\ndef f(frames: list[np.ndarray]):\n"
        "    for frame in frames:\n        t = torch.from_numpy(frame).cuda()\n",
        "import torch\nfor i in range(4):\n    h = torch.zeros(8)\n    h[0] = i\n"
        "    d = h.to('cuda:0')\n",
        "import torch\ndef f(values, device):\n"
        "    return [torch.tensor(v, device=device) for v in values]\n",
        "import torch\nwhile running:\n    idx = torch.tensor(next_ids(), dtype=torch.long)\n"
        "    idx = idx.to(device=device, non_blocking=False)\n",
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_loop:
            return
        func = node.func
        if self.ctx.imports.qualify(func) is not None:
            name = self.ctx.imports.torch_function(func)
            if name in COPYING_CONSTRUCTORS:
                self._constructor(node, name)
            return
        if isinstance(func, cst.Attribute) and func.attr.value in ("to", "cuda"):
            if self.kind(func.value) is HOST_TENSOR and not _non_blocking(node):
                if self._moves_once(node, func.value):
                    return
                if func.attr.value == "cuda" or self._moves_to_device(node):
                    what = "`.cuda()`" if func.attr.value == "cuda" else "`.to(device)`"
                    self._report(node, f"{what} of a host tensor")

    def _moves_once(self, node: cst.Call, receiver: cst.BaseExpression) -> bool:
        """`x = x.to(device)` in a loop that binds `x` nowhere else: only the first
        iteration copies; afterwards `x` is already on the device."""
        if not isinstance(receiver, cst.Name):
            return False
        assign = self._assignment_of(node)
        if assign is None or len(assign.targets) != 1:
            return False
        target: cst.BaseExpression = assign.targets[0].target
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(assign.value, cst.Tuple):
            # `x, y = x.to(d), y.to(d)`
            pairs = list(zip(target.elements, assign.value.elements))
            matches = [t.value for t, v in pairs if v.value is node]
            target = matches[0] if matches else target
        if not (isinstance(target, cst.Name) and target.value == receiver.value):
            return False
        # Any other binding of the name in the loop must not bring host data back.
        for name, ancestors in occurrences(self.ctx.loops[-1], receiver.value):
            if name is target or not binds(name, ancestors):
                continue
            value = _assigned_value(name, ancestors)
            if value is None:
                return False
            kind = self.kind(value)
            # A device result, or the output of a call (`x = layer(x)`) of the moved value.
            if kind not in DEVICE_TENSORS and not (kind is UNKNOWN and isinstance(value, cst.Call)):
                return False
        return True

    def _discarded(self, node: cst.Call) -> bool:
        parent = self.ctx.parent
        if isinstance(parent, cst.Expr):
            return True
        return (isinstance(parent, cst.Assign) and len(parent.targets) == 1
                and isinstance(parent.targets[0].target, cst.Name)
                and parent.targets[0].target.value == "_")

    def _assignment_of(self, node: cst.Call) -> cst.Assign | None:
        parents = self.ctx.parents
        index = len(parents) - 1
        while index >= 0 and isinstance(parents[index], (cst.Element, cst.Tuple)):
            index -= 1
        parent = parents[index] if index >= 0 else None
        return parent if isinstance(parent, cst.Assign) else None

    def _constructor(self, node: cst.Call, name: str) -> None:
        if self._discarded(node):
            # `torch.tensor(0, device=torch.device("cuda", i))` alone, or assigned to `_`:
            # probing that a device works (Lightning, accelerate), not data for the loop.
            return
        device = keyword_arg(node, "device")
        positional = [a for a in node.args if a.keyword is None]
        if device is None and name == "as_tensor" and len(positional) >= 3:
            device = positional[2]  # as_tensor(data, dtype, device)
        if device is None or _is_none(device.value) or is_cpu_device(device.value):
            return
        data = positional[0] if positional else keyword_arg(node, "data")
        if data is not None and self.kind(data.value) in DEVICE_TENSORS:
            return  # already on a device: no host data to copy
        self._report(node, f"`torch.{name}(..., device=...)`")

    def _moves_to_device(self, node: cst.Call) -> bool:
        """Whether `.to(...)` names a device (not the CPU) rather than only a dtype."""
        for arg in node.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "device":
                return not (_is_none(arg.value) or self._host_device(arg.value))
            if keyword is None:
                value = arg.value
                if self._host_device(value) or self._is_dtype(value):
                    return False
                kind = self.kind(value)
                if kind is HOST_TENSOR:
                    return False  # `.to(other)` with other on the host
                return True
        return False

    def _host_device(self, node: cst.BaseExpression) -> bool:
        """`"cpu"`, `torch.device("cpu")`, or `x.device` of a host tensor `x`."""
        return is_cpu_device(node) or (
            isinstance(node, cst.Attribute) and node.attr.value == "device"
            and self.kind(node.value) is HOST_TENSOR)

    def _is_dtype(self, node: cst.BaseExpression) -> bool:
        name = dotted_name(node)
        if name is None:
            return False
        qualified = self.ctx.imports.qualify(node) or name
        if qualified.startswith("torch.") and qualified != "torch.device":
            return True  # torch.float32, torch.long ...
        return "dtype" in name.split(".")[-1].lower()

    def _report(self, node: cst.Call, what: str) -> None:
        if self.ctx.cold(node) is not None:
            return  # an assert message, a raise, a periodic guard's body
        loop = loop_word(self.ctx.loops[-1])
        self.report(
            node,
            f"{what} in a {loop}: a blocking host-to-device copy per iteration",
            help=sentence(_ADVICE),
        )


def _assigned_value(name: cst.Name,
                    ancestors: tuple[cst.CSTNode, ...]) -> cst.BaseExpression | None:
    """The expression `name = value` or `a, name = b, value` binds to `name`, else None."""
    if len(ancestors) >= 2 and isinstance(ancestors[-1], cst.AssignTarget):
        assign = ancestors[-2]
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
            return assign.value
        return None
    if (len(ancestors) >= 4 and isinstance(ancestors[-1], cst.Element)
            and isinstance(ancestors[-2], (cst.Tuple, cst.List))
            and isinstance(ancestors[-3], cst.AssignTarget)):
        assign, target = ancestors[-4], ancestors[-2]
        if (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                and isinstance(assign.value, (cst.Tuple, cst.List))
                and len(assign.value.elements) == len(target.elements)):
            index = next(i for i, e in enumerate(target.elements) if e is ancestors[-1])
            element = assign.value.elements[index]
            return None if isinstance(element, cst.StarredElement) else element.value
    return None


def _non_blocking(node: cst.Call) -> bool:
    arg = keyword_arg(node, "non_blocking")
    if arg is None:
        return False
    return not (isinstance(arg.value, cst.Name) and arg.value.value == "False")


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"
