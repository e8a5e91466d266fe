"""The unsafe `assert` fix (`torch._assert_async(cond, message)`) reads as hand-written code:
a message written over several lines keeps its lines where the assert had them, as
transformers' I-BERT writes it (`quant_modules.py`). Before, its continuation lines were
re-indented to four spaces and the closing parenthesis to none."""

from __future__ import annotations

import ast

import torch

from synclint.fixer import fix_source

CODE = "SYN102"
#: I-BERT's overflow check in a module's forward (a per-step path: the fix is offered).
SOURCE = '''\
import torch
from torch import nn


class Quant(nn.Module):
    def __init__(self, max_bit: int) -> None:
        super().__init__()
        self.max_bit = max_bit

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x * 2
        if y.dim() > 0:
            assert y.max() < 2**self.max_bit + 0.1, (
                "Error detected in overflow handling: "
                "`y` exceeds `self.max_bit` (the maximum possible bit width)"
            )
        assert y.min() >= 0, """y must be
   non-negative"""
        return y
'''


def _fixed() -> str:
    result = fix_source(SOURCE, "quant.py", [CODE], unsafe=True)
    assert result.error is None and not result.discarded, result.discarded
    assert result.fixed.get(CODE) == 2, result.fixed
    return result.text


def _messages(text: str) -> list[str]:
    """The messages of the asserts and of the `_assert_async` calls, in order."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assert) and node.msg is not None:
            found.append(ast.literal_eval(node.msg))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "_assert_async":
            found.append(ast.literal_eval(node.args[1]))
    return found


def test_a_message_over_several_lines_keeps_its_lines() -> None:
    fixed = _fixed()
    assert """\
        if y.dim() > 0:
            torch._assert_async(y.max() < 2**self.max_bit + 0.1, (
                "Error detected in overflow handling: "
                "`y` exceeds `self.max_bit` (the maximum possible bit width)"
            ))
""" in fixed


def test_a_triple_quoted_message_is_not_reindented() -> None:
    fixed = _fixed()
    assert '''\
        torch._assert_async(y.min() >= 0, """y must be
   non-negative""")
''' in fixed
    assert _messages(fixed) == _messages(SOURCE)


def test_the_fixed_module_still_checks_on_normal_and_failing_inputs() -> None:
    spaces: list[dict[str, object]] = []
    for text in (SOURCE, _fixed()):
        namespace: dict[str, object] = {}
        exec(compile(text, "quant.py", "exec"), namespace)  # noqa: S102
        spaces.append(namespace)
    naive, fixed = (space["Quant"](4) for space in spaces)  # type: ignore[operator]
    x = torch.tensor([1.0, 2.0, 3.0])
    assert torch.equal(naive(x), fixed(x))
    too_large = torch.tensor([1.0, 20.0])
    # The unsafe reason: an AssertionError becomes a RuntimeError.
    for module, error in ((naive, AssertionError), (fixed, RuntimeError)):
        try:
            module(too_large)
        except error as exc:
            assert "overflow handling" in str(exc)
        else:
            raise AssertionError("the check did not fire")
