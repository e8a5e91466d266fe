"""What the float64 and chunked fixes know about a tensor's dtype decides whether they are
safe: each case below is a cast (or its absence) and the fix's applicability it implies."""

from __future__ import annotations

import textwrap

import pytest
import torch

from synclint.diagnostics import Applicability
from synclint.engine import lint_source


def _applicability(source: str, code: str) -> tuple[Applicability | None, str]:
    output = lint_source(textwrap.dedent(source), "example.py", [code])
    [finding] = [d for d in output.diagnostics if d.code == code]
    return (finding.fix.applicability if finding.fix else None), (finding.help or "")


SQUARED = """\
import torch
def f(g: torch.Tensor, other: torch.Tensor, device: str):
    return {operand}.pow(2).sum().item()
"""


@pytest.mark.parametrize("operand", [
    "g.float()", "g.half()", "g.bfloat16()", "g.to(torch.float32)", "g.to(torch.half)",
    "g.to(dtype=torch.bfloat16)", "g.type(torch.float)",
    "g.float().to('cuda')", "g.float().to(device='cuda', non_blocking=True)",
    "g.float().to(memory_format=torch.contiguous_format, copy=True)",
    "g.float().data", "g.float().view(-1).detach()", "g.float().abs()",
    "torch.abs(g.float())", "g.float().norm()", "g.half().norm(2)",
])
def test_a_cast_to_real_floating_makes_the_float64_fix_safe(operand: str) -> None:
    applicability, message = _applicability(SQUARED.format(operand=operand), "SYN301")
    assert applicability is Applicability.SAFE, message


@pytest.mark.parametrize("operand", [
    "g", "g.detach()", "g.abs()", "g.to(other)", "g.float().to(other)", "g.to(device)",
    "g.norm()", "torch.abs(g)", "g.float().to('cuda', other)",
])
def test_without_a_cast_to_real_floating_there_is_no_float64_fix(operand: str) -> None:
    """`vector_norm(..., dtype=torch.float64)` raises for an integer or bool tensor, whose
    squared sum was exact: where the code does not show a floating dtype, no fix (a norm,
    `g.norm()`, raises for those too: its fix is unsafe only for complex tensors)."""
    applicability, message = _applicability(SQUARED.format(operand=operand), "SYN301")
    if operand == "g.norm()":
        assert applicability is Applicability.UNSAFE, operand
        assert "complex tensor" in message
    else:
        assert applicability is None, operand
        assert "raises for integer, bool and complex tensors" in message or \
            "holds integers" in message


@pytest.mark.parametrize("operand", [
    "g.float().to(device, torch.int64)", "g.to(torch.int64)",
    "g.to('cuda', copy=True, dtype=torch.bool)", "g.long()",
])
def test_squares_of_integer_tensors_are_not_reported(operand: str) -> None:
    # Integer squares cannot overflow to inf: no SYN301 at all (issue 22).
    source = SQUARED.format(operand=operand)
    assert lint_source(textwrap.dedent(source), "example.py", ["SYN301"]).diagnostics == []


CHUNKED = """\
import torch
def f(grads: list[torch.Tensor], scale: float):
    flat = torch.cat([{piece} for g in grads])
    return {reduction}.item()
"""


@pytest.mark.parametrize(("piece", "reduction"), [
    ("g.float().view(-1)", "(flat * 2).sum()"),
    ("g.float().view(-1)", "(2 * flat).sum()"),
    ("g.float().view(-1)", "(flat * flat).sum()"),
    ("g.float().view(-1)", "(flat + 1.5).mean()"),
    ("g.float().view(-1)", "(flat - 1).sum()"),
    ("g.double().view(-1)", "(flat ** 2).mean()"),
    ("g.float().view(-1)", "(-flat).abs().sum()"),
    ("g.float().view(-1)", "torch.abs(flat).sum()"),
    ("g.view(-1)", "torch.isnan(flat).sum()"),
    ("g.view(-1)", "(flat == 0).sum()"),
    ("g.view(-1)", "(flat > scale).float().mean()"),
    ("g.view(-1)", "flat.count_nonzero()"),
    ("g.view(-1)", "flat.max()"),
    ("g.view(-1)", "flat.sum(dtype=torch.float64)"),
    ("g.long().view(-1)", "flat.sum()"),
    ("g.bool().view(-1)", "flat.sum()"),
    ("g.int().view(-1)", "flat.sum()"),
    ("g.float().view(-1)", "flat.norm()"),
    ("g.half().float().view(-1)", "flat.norm()"),
])
def test_chunked_fixes_of_pieces_of_known_dtype_are_safe(piece: str, reduction: str) -> None:
    source = CHUNKED.format(piece=piece, reduction=reduction)
    applicability, message = _applicability(source, "SYN201")
    assert applicability is Applicability.SAFE, message


@pytest.mark.parametrize(("piece", "reduction", "reason"), [
    ("g.view(-1)", "flat.sum()", "`torch.cat` promotes float16 or mixed pieces"),
    ("g.half().view(-1)", "flat.sum()", "`torch.cat` promotes float16 or mixed pieces"),
    ("g.view(-1)", "flat.sum(dtype=torch.float16)", "`torch.cat` promotes float16"),
    ("g.view(-1)", "flat.norm()", "`vector_norm` raises for an integer or complex piece"),
    ("g.long().view(-1)", "flat.norm()", "`vector_norm` raises"),
    ("g.view(-1)", "flat.abs().max()", "arithmetic runs in each piece's dtype"),
    ("g.view(-1)", "(flat * 2 > 1).sum()", "arithmetic runs in each piece's dtype"),
    ("g.view(-1)", "(-flat).max()", "arithmetic runs in each piece's dtype"),
    ("g.view(-1)", "torch.abs(flat).max()", "arithmetic runs in each piece's dtype"),
    ("g.float().view(-1)", "(flat * scale).sum()", "arithmetic runs in each piece's dtype"),
    ("g.long().view(-1)", "(flat * 2).sum()", "`torch.cat` promotes float16 or mixed"),
])
def test_chunked_fixes_of_pieces_of_unknown_dtype_are_unsafe(piece: str, reduction: str,
                                                             reason: str) -> None:
    source = CHUNKED.format(piece=piece, reduction=reduction)
    applicability, message = _applicability(source, "SYN201")
    assert applicability is Applicability.UNSAFE, message
    assert reason in message


def test_the_arithmetic_reason_is_true() -> None:
    pieces = [torch.tensor([True, False]), torch.tensor([2, -3])]
    assert torch.cat(pieces).abs().max().item() == 3
    with pytest.raises(NotImplementedError):
        pieces[0].abs()


def test_the_mps_reason_applies_to_chunked_norms_only() -> None:
    mps = "import torch\nDEVICE = 'mps'\n"
    norm = CHUNKED.format(piece="g.float().view(-1)", reduction="flat.norm()")
    applicability, message = _applicability(mps + norm.split("\n", 1)[1], "SYN201")
    assert applicability is Applicability.UNSAFE and "Apple MPS" in message
    count = CHUNKED.format(piece="g.view(-1)", reduction="torch.isnan(flat).sum()")
    applicability, message = _applicability(mps + count.split("\n", 1)[1], "SYN201")
    assert applicability is Applicability.SAFE, message
    # `is_mps` is an attribute, not the device: no reason.
    source = norm.replace("    return", "    assert not grads[0].is_mps\n    return")
    assert _applicability(source, "SYN201")[0] is Applicability.SAFE
