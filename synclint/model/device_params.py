"""A helper whose result is made on the `device=` its caller passes (issue 22, item 3):

    def sample(population, k, device=None):
        return torch.arange(population, device=device)

Every tensor it returns is made by a torch call given `device=<parameter>` (or moved there
with `.to(<parameter>)`), and the body never rebinds the parameter: a call that passes a
CPU device there (`sample(n, k, device="cpu")`), or passes nothing where the default is
None or `"cpu"`, gets a CPU tensor back. Any other argument (`device=x.device`) keeps what
the helper's summary says.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from synclint.analysis.kinds import UNKNOWN
from synclint.model.flow import Flow, Value, tested
from synclint.model.summaries import SYNC_TEST
from synclint.model.syntax import _dotted, _is_cpu, positional_args


def made_on(node: ast.expr, settable: Sequence[str],
            qualified: Callable[[str], str]) -> int | None:
    """The position in `settable` of the parameter whose value is the device `node` (a
    returned expression) is made on: `torch.zeros(n, device=device)`, `x.to(device)`,
    `x.to(device=device)`, or a slice of one; None for anything else."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if not isinstance(node, ast.Call):
        return None
    device: ast.expr | None = next(
        (k.value for k in node.keywords if k.arg == "device"), None)
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "to":
        if device is None and node.args:
            device = node.args[0]
    elif not qualified(_dotted(func) or "?").startswith("torch."):
        return None
    if not isinstance(device, ast.Name) or device.id not in settable:
        return None
    return settable.index(device.id)


def rebinds(body: ast.AST, name: str) -> bool:
    """Whether the function `body` assigns `name` anywhere (`device = device or "cuda"`)."""
    return any(isinstance(node, ast.Name) and node.id == name and
               isinstance(node.ctx, ast.Store) for node in ast.walk(body))


def host_default(args: ast.arguments, name: str) -> bool:
    """Whether the parameter `name` defaults to None or a CPU device (torch's default
    device for a factory, unless the file sets another)."""
    pairs = (*zip(reversed(positional_args(args)), reversed(args.defaults)),
             *zip(args.kwonlyargs, args.kw_defaults))
    for arg, default in pairs:
        if arg.arg == name and default is not None:
            return (isinstance(default, ast.Constant) and default.value is None) or \
                _is_cpu(default)
    return False


def optional_tensor_default(function: ast.AST, name: str) -> bool:
    """Whether the parameter `name` of `function` is annotated as an optional tensor
    (`Optional[Tensor]`, `Tensor | None`, `Union[Tensor, None]`) and defaults to None
    (tenth draw F6: `threshold = threshold or torch.linspace(...)`): at the default an
    `or` on it reads nothing, so a read there is its callers' (those that pass a tensor)."""
    args = getattr(function, "args", None)
    if not isinstance(args, ast.arguments):
        return False
    pairs = (*zip(reversed(positional_args(args)), reversed(args.defaults)),
             *zip(args.kwonlyargs, args.kw_defaults))
    for arg, default in pairs:
        if arg.arg != name:
            continue
        if not (isinstance(default, ast.Constant) and default.value is None) or \
                arg.annotation is None:
            return False
        text = ast.unparse(arg.annotation).replace(" ", "")
        return text.rpartition(".")[2] in ("Tensor]", "Tensor|None", "Tensor,None]") and \
            ("Optional[" in text or "None" in text)
    return False


def tested_operand(flow: Flow, op: ast.boolop, operand: ast.expr, value: Value) -> Value:
    """A boolean operand just evaluated (`value`) and tested as a bool: `threshold or
    default` on an optional tensor defaulting to None is a read of what the callers pass
    (`optional_tensor_default`), any other a truth test (`flow.tested`)."""
    if isinstance(op, ast.Or) and isinstance(operand, ast.Name) and value[1] is not None \
            and optional_tensor_default(flow.function.node, operand.id):
        value = (UNKNOWN, value[1])
        flow._record(operand, UNKNOWN, value)
        flow._effect(SYNC_TEST, operand, "a tensor tested as a Python bool", value, "tensor")
        return value
    tested(flow, operand)
    return value
