"""Arguments that prove a value a tensor: a torch function that takes tensors only (a
list or a NumPy array raises) was given it, so from there on the name holds a tensor."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint.analysis.kinds import HOST, HOST_TENSOR, NUMPY, TENSOR, UNKNOWN
from synclint.model.flow import _UNKNOWN_VALUE, Value

if TYPE_CHECKING:
    from synclint.model.calls import Calls


def compared_tensors(flow: Calls, node: ast.Call, args: list[Value]) -> list[Value]:
    """`torch.equal(a, b)` / `torch.allclose(a, b)` take tensors only: an argument
    name of unknown kind holds a tensor (where the others are not proven on the host),
    there and after."""
    if any(a[0] in (HOST_TENSOR, NUMPY, HOST) for a in args[:2]):
        return args
    found = list(args)
    for index, (arg, value) in enumerate(zip(node.args[:2], args[:2])):
        if isinstance(arg, ast.Name) and value[0] is UNKNOWN:
            found[index] = (TENSOR, value[1])
            flow._record(arg, TENSOR, found[index])
            flow.env[arg.id] = found[index]
    return found


def proven_tensor(flow: Calls, node: ast.Call) -> None:
    """A torch reduction (`torch.nanmean`, `torch.sum`) takes a tensor only (a list or a
    NumPy array raises): a name of unknown kind passed first, itself or sliced (`x[:, i]`,
    `x[1:]`), holds a tensor from there on (fresh16 M2). A parameter is left to its
    callers, who know what they pass. (An elementwise test, `torch.isnan(t)`, proves as
    much, but it guards error paths whose reads are rare: not used.)"""
    arg = node.args[0] if node.args else None
    if isinstance(arg, ast.Subscript) and isinstance(arg.slice, (ast.Slice, ast.Tuple)):
        arg = arg.value
    if isinstance(arg, ast.Name) and flow.env.get(arg.id) == _UNKNOWN_VALUE:
        flow.env[arg.id] = (TENSOR, None)
