"""A batched fix whose new `for ... in zip(...)` line is too long splits the zip over
lines as black would, keeping both of its arguments: the fixed loop still visits every
element, and the fixed function returns what the original returns."""

from __future__ import annotations

import ast

import torch

from synclint.fixer import fix_source

SOURCE = """\
import torch


def gradient_norms_by_parameter_name(model: torch.nn.Module) -> dict[str, float]:
    norms_of_the_gradients_for_every_named_parameter = {}
    for parameter_name_in_the_model, parameter_tensor_in_the_model in model.named_parameters():
        norms_of_the_gradients_for_every_named_parameter[parameter_name_in_the_model] = \\
            parameter_tensor_in_the_model.grad.norm().item()
    return norms_of_the_gradients_for_every_named_parameter
"""


def _norms(source: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    return namespace["gradient_norms_by_parameter_name"]


def test_a_long_zip_header_keeps_its_arguments() -> None:
    result = fix_source(SOURCE, "example.py", ["SYN101"], unsafe=True)
    assert result.error is None and not result.discarded
    assert result.text != SOURCE
    loops = [n for n in ast.walk(ast.parse(result.text)) if isinstance(n, ast.For)]
    zips = [loop.iter for loop in loops if isinstance(loop.iter, ast.Call)
            and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "zip"]
    assert zips and all(len(call.args) == 2 for call in zips)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Linear(3, 2))
    model(torch.randn(5, 4)).sum().backward()
    before = _norms(SOURCE)(model)  # type: ignore[operator]
    after = _norms(result.text)(model)  # type: ignore[operator]
    assert list(after) == list(before) and len(before) == 4
    assert all(abs(after[k] - before[k]) <= 1e-6 * abs(before[k]) for k in before)
