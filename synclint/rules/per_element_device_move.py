"""SYN202 per-element-device-move: `[t.to(device) for t in ts]` of small tensors, then stacked.

Informational and off by default (seed B3-CR-05): on one device the moves are no-ops, so
it reports only code that shows more than one device: a target read off one of the
tensors (`norms[0].device`), or names that say so (`per_device_norms`, a `pipeline_` or
`model_parallel` function, `devices`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import libcst as cst

from synclint.analysis.kinds import TENSORS, UNKNOWN
from synclint.analysis.names import is_cpu_device, last_name
from synclint.analysis.torch_api import GATHER_FUNCTIONS, MODULE_ITERATORS
from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context
from synclint.rules.base import Example, Rule

MODULE_WORDS = ("module", "model", "layer", "block", "net", "head")
#: Words in a name that mean the tensors live on several devices.
SEVERAL_DEVICES = ("devices", "per_device", "device_map", "pipeline", "parallel", "replica",
                   "shard", "stage", "gpus", "placement", "device_ids")

MESSAGE = "`{move}` of each tensor before `{gather}`: one small device copy per tensor"
REMEDY = ("Reduce or stack the tensors on their own device first and move the few results "
          "(or move once after stacking).")


@dataclass(frozen=True)
class PerElementMove:
    """A per-element device move whose list is gathered into one tensor."""

    #: The `.to(device)` / `.cuda()` call applied to each element.
    move: cst.Call
    #: The comprehension or `for` loop that makes one move per element.
    loop: cst.ListComp | cst.GeneratorExp | cst.For
    #: The call that gathers the moved tensors (`torch.stack(...)`, `sum(...)`).
    gather: cst.Call


def match_per_element_move(call: cst.Call, ctx: Context) -> PerElementMove | None:
    """The parts of a per-element move at `call` (being visited), or None."""
    func = call.func
    if not ctx.loops or not isinstance(func, cst.Attribute) or not _is_device_move(call, ctx):
        return None
    receiver = func.value
    loop = ctx.loops[-1]
    if not isinstance(receiver, cst.Name) or not _is_loop_target(receiver.value, loop):
        return None
    kind = ctx.kind(receiver)
    if kind not in TENSORS and not (
            kind is UNKNOWN and ctx.imports.torch_imported and not _iterates_modules(loop)):
        return None
    parents = ctx.parents
    if isinstance(loop, (cst.ListComp, cst.GeneratorExp)):
        if loop.elt is not call:
            return None
        index = next((i for i in range(len(parents) - 1, -1, -1) if parents[i] is loop), None)
        if index is None:
            return None
        gather = _gathered(loop, parents[:index], ctx)
    elif isinstance(loop, cst.For):
        gather = _appended_then_gathered(call, ctx)
    else:
        return None
    if gather is None or _read_on_the_host(gather, parents):
        return None
    if not _several_devices(call, loop, ctx):
        return None
    return PerElementMove(call, loop, gather)


def _several_devices(move: cst.Call, loop: cst.CSTNode, ctx: Context) -> bool:
    """Whether the code shows tensors on more than one device: the target device is read
    off a tensor (`norms[0].device`, directly or through a name), or a name of the
    function, the iterable or the target says so (`per_device_norms`)."""
    target = next((a.value for a in move.args if a.keyword is None
                   or a.keyword.value == "device"), None)
    iterable = loop.for_in.iter if isinstance(loop, (cst.ListComp, cst.GeneratorExp)) \
        else loop.iter if isinstance(loop, cst.For) else None
    walked = last_name(iterable) if iterable is not None else ""
    if target is not None and _device_of_a_tensor(target, ctx, walked):
        return True
    names = [last_name(iterable) if iterable is not None else "",
             last_name(_unsubscripted(target)) if target is not None else ""]
    if isinstance(iterable, cst.Call):
        names.append(last_name(iterable.func))
        if isinstance(iterable.func, cst.Attribute):
            names.append(last_name(iterable.func.value))
    function = ctx.functions[-1] if ctx.functions else None
    if isinstance(function, cst.FunctionDef):
        names.append(function.name.value)
    return any(word in name.lower() for name in names for word in SEVERAL_DEVICES)


def _unsubscripted(node: cst.BaseExpression) -> cst.BaseExpression:
    """`devices` of `devices[rank]`."""
    while isinstance(node, cst.Subscript):
        node = node.value
    return node


def _device_of_a_tensor(target: cst.BaseExpression, ctx: Context, walked: str,
                        depth: int = 0) -> bool:
    """`norms[0].device`: the device of a tensor, or of an element of the list walked."""
    if isinstance(target, cst.Attribute) and target.attr.value == "device":
        value = target.value
        return ctx.kind(value) in TENSORS or (
            isinstance(value, cst.Subscript) and bool(walked)
            and last_name(_unsubscripted(value)) == walked)
    if isinstance(target, cst.Name) and depth == 0:
        scope = ctx.functions[-1] if ctx.functions else ctx.parents[0]
        values = [ancestors[-2].value for node, ancestors in occurrences(scope, target.value)
                  if binds(node, ancestors) and len(ancestors) >= 2
                  and isinstance(ancestors[-1], cst.AssignTarget)
                  and isinstance(ancestors[-2], cst.Assign)]
        return len(values) == 1 and _device_of_a_tensor(values[0], ctx, walked, depth + 1)
    return False


def _read_on_the_host(gather: cst.Call, parents: Sequence[cst.CSTNode]) -> bool:
    """`torch.stack([t.to(device) for t in ts]).tolist()`: the stack goes to the host at
    once, so moving the tensors onto one device is what makes it one transfer instead of
    one per device (the moves of tensors already there are no-ops)."""
    for index, node in enumerate(parents):
        if node is gather:
            if index < 2:
                return False
            attribute, call = parents[index - 1], parents[index - 2]
            return (isinstance(attribute, cst.Attribute) and attribute.value is gather
                    and attribute.attr.value in ("tolist", "item", "cpu", "numpy")
                    and isinstance(call, cst.Call) and call.func is attribute)
    return False


def _iterates_modules(loop: cst.CSTNode) -> bool:
    """`for m in model.children()`, `for layer in self.layers`: modules, not tensors."""
    if isinstance(loop, (cst.ListComp, cst.GeneratorExp)):
        iterable: cst.BaseExpression = loop.for_in.iter
    elif isinstance(loop, cst.For):
        iterable = loop.iter
    else:
        return False
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute):
        if iterable.func.attr.value in MODULE_ITERATORS:
            return True
        iterable = iterable.func.value
    name = last_name(iterable)
    return any(word in name.lower() for word in MODULE_WORDS)


def _is_device_move(call: cst.Call, ctx: Context) -> bool:
    func = call.func
    if not isinstance(func, cst.Attribute):
        return False
    if func.attr.value == "cuda":
        return True
    if func.attr.value != "to":
        return False
    for arg in call.args:
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "device" or (keyword is None and not _is_dtype(arg.value, ctx)):
            # A move to the host is SYN101's (a sync), not a device-to-device copy.
            return not is_cpu_device(arg.value)
    return False


def _is_dtype(expr: cst.BaseExpression, ctx: Context) -> bool:
    qualified = ctx.imports.qualify(expr)
    if qualified is not None and qualified.startswith("torch."):
        return qualified.split(".")[-1][:1].islower() and qualified.count(".") == 1
    name = last_name(expr)
    return "dtype" in name.lower()


def _is_loop_target(name: str, loop: cst.CSTNode) -> bool:
    if isinstance(loop, (cst.ListComp, cst.GeneratorExp)):
        target: cst.BaseExpression = loop.for_in.target
    elif isinstance(loop, cst.For):
        target = loop.target
    else:
        return False
    if isinstance(target, cst.Name):
        return target.value == name
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(isinstance(e.value, cst.Name) and e.value.value == name
                   for e in target.elements)
    return False


def _gather_call(call: cst.CSTNode, ctx: Context) -> bool:
    """`torch.stack(...)`, `torch.cat(...)` or the builtin `sum(...)`."""
    if not isinstance(call, cst.Call):
        return False
    if isinstance(call.func, cst.Name) and call.func.value == "sum":
        return not ctx.bound("sum")
    return ctx.imports.qualify(call.func) in GATHER_FUNCTIONS


def _gathered(value: cst.BaseExpression, ancestors: tuple[cst.CSTNode, ...] | list[cst.CSTNode],
              ctx: Context) -> cst.Call | None:
    """The gathering call that consumes `value` directly or through the name it is bound to."""
    index = len(ancestors) - 1
    node: cst.CSTNode = value
    if index >= 1 and isinstance(ancestors[index], cst.Arg):
        call = ancestors[index - 1]
        wrapper = isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and (
            call.func.value in ("list", "tuple"))
        if wrapper and index >= 3 and isinstance(ancestors[index - 2], cst.Arg):
            node, index = call, index - 2
            call = ancestors[index - 1]
        if isinstance(call, cst.Call) and call.args and call.args[0].value is node and (
                _gather_call(call, ctx)):
            return call
        return None
    parent = ancestors[index] if index >= 0 else None
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1:
        target = parent.targets[0].target
        if isinstance(target, cst.Name):
            return _name_gathered(target.value, ctx)
    return None


def _name_gathered(name: str, ctx: Context) -> cst.Call | None:
    scope = ctx.functions[-1] if ctx.functions else ctx.parents[0]
    for node, ancestors in occurrences(scope, name):
        if binds(node, ancestors) or len(ancestors) < 2:
            continue
        parent, call = ancestors[-1], ancestors[-2]
        if isinstance(parent, cst.Arg) and isinstance(call, cst.Call) and call.args and (
                call.args[0] is parent and _gather_call(call, ctx)):
            if _read_on_the_host(call, ancestors[:-1]):
                continue  # `torch.stack(moved).tolist()`: one transfer (the fix's own form)
            return call
    return None


def _appended_then_gathered(move: cst.Call, ctx: Context) -> cst.Call | None:
    """`out.append(t.to(device))` in the loop, and `torch.stack(out)` in the function."""
    parents = ctx.parents
    if len(parents) < 2:
        return None
    arg, call = parents[-1], parents[-2]
    if not (isinstance(arg, cst.Arg) and isinstance(call, cst.Call) and len(call.args) == 1):
        return None
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "append"
            and isinstance(func.value, cst.Name)):
        return None
    return _name_gathered(func.value.value, ctx)


class PerElementDeviceMove(Rule):
    code = "SYN202"
    name = "per-element-device-move"
    summary = ("Each tensor of a list is moved to a device on its own before being stacked: "
               "many small copies")
    group = "host-to-device copy"
    default_enabled = False
    triggers = (".to", ".cuda")

    VALID: ClassVar[list[str]] = [
        # A single move.
        "import torch\ndef f(t: torch.Tensor, device):\n    return torch.stack([t.to(device)])\n",
        # A dtype cast is no device move.
        ("import torch\ndef f(norms: list[torch.Tensor]):\n"
        "    return torch.stack([n.to(torch.float64) for n in norms])\n"),
        # Modules, not tensors.
        ("import torch\ndef f(model: torch.nn.Module, device):\n"
        "    return [m.to(device) for m in model.children()]\n"),
        # The list is never stacked, concatenated or summed.
        ("import torch\ndef f(batch: list[torch.Tensor], device):\n"
        "    moved = [t.to(device) for t in batch]\n    return model(*moved)\n"),
        # Moves to the host are SYN101's business.
        ("import torch\ndef f(norms: list[torch.Tensor]):\n"
        "    return torch.stack([n.to('cpu') for n in norms])\n"),
        # The element moved is not the loop target itself.
        ("import torch\ndef f(xs, device):\n"
        "    return torch.stack([torch.tensor(x).to(device) for x in xs])\n"),
        # Stacked and read on the host at once: the moves make it one transfer.
        ("import torch\ndef f(norms: list[torch.Tensor]):\n"
        "    device = norms[0].device if norms else None\n"
        "    return torch.stack([r.to(device) for r in norms]).tolist() if norms else []\n"),
        # dtype given by name.
        ("import torch\ndef f(norms: list[torch.Tensor], dtype):\n"
        "    return torch.stack([n.to(dtype) for n in norms])\n"),
        # Nothing shows a second device: the moves are no-ops on one GPU (issue 22).
        ("import torch\ndef f(losses: list[torch.Tensor], device):\n"
        "    return torch.stack([l.to(device) for l in losses]).mean()\n"),
        ("import torch\nclass Agg:\n    def mean(self, values: dict[str, torch.Tensor]):\n"
        "        return torch.stack([v.to(self.device) for v in values.values()]).mean()\n"),
    ]
    INVALID: ClassVar[list[str | Example]] = [
        ("import torch\ndef f(norms: list[torch.Tensor]):\n    target_device = norms[0].device\n"
        "    norms_unified = [n.to(target_device) for n in norms]\n"
        "    return torch.stack(norms_unified).sum()\n"),
        ("import torch\ndef f(per_device_norms: list[torch.Tensor]):\n"
        "    return torch.stack([n.cuda() for n in per_device_norms])\n"),
        ("import torch\ndef pipeline_loss(losses, device):\n"
         "    return sum(l.to(device) for l in losses)\n"),
        ("import torch\ndef f(norms: list[torch.Tensor], out: torch.Tensor):\n    moved = []\n"
        "    for n in norms:\n        moved.append(n.to(out.device, non_blocking=True))\n"
        "    return torch.cat(moved)\n"),
        ("import torch as T\ndef f(stage_outputs, dev):\n"
         "    return T.stack(tuple(n.to(device=dev) for n in stage_outputs))\n"),
        ("from torch import stack\ndef gather_shards(named, device):\n"
        "    return stack([v.to(device) for k, v in named.items()])\n"),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        match = match_per_element_move(node, self.ctx)
        if match is None:
            return
        func = match.move.func
        move = f".{func.attr.value}()" if isinstance(func, cst.Attribute) else "move"
        gather = self.ctx.imports.qualify(match.gather.func) or "sum"
        self.report(node, MESSAGE.format(move=move, gather=gather), help=REMEDY)
