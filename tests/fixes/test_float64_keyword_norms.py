"""SYN301 on a norm that names its tensor (`torch.norm(p=2, input=x) ** 2`): the same fix
as `torch.norm(x) ** 2`, the squares of `x` in float64. It used to wrap the float32 norm in
`vector_norm(..., dtype=torch.float64)`, which prevented no overflow."""

from __future__ import annotations

import math

import pytest
import torch

from synclint.engine import lint_source
from synclint.fixer import fix_source

CODE = "SYN301"
SOURCE = """\
import torch


def total(params: list[torch.Tensor]) -> float:
    s = 0.0
    for p in params:
        s += {norm} ** 2
    return float(s)
"""
FORMS = {"positional": "torch.norm(p)", "input=": "torch.norm(p=2, input=p)",
         "vector x=": "torch.linalg.vector_norm(x=p)", "linalg input=": "torch.linalg.norm(input=p)"}


def _total(source: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    return namespace["total"]


@pytest.mark.parametrize("form", list(FORMS))
def test_a_norm_naming_its_tensor_is_fixed_as_the_positional_one(form: str) -> None:
    source = SOURCE.format(norm=FORMS[form])
    (finding,) = [d for d in lint_source(source, "example.py", [CODE]).diagnostics
                  if d.code == CODE]
    (reference,) = [d for d in lint_source(SOURCE.format(norm=FORMS["positional"]),
                                           "example.py", [CODE]).diagnostics if d.code == CODE]
    assert finding.fix is not None and reference.fix is not None
    assert finding.fix.applicability == reference.fix.applicability
    result = fix_source(source, "example.py", [CODE], unsafe=True)
    assert result.error is None and not result.discarded
    assert "vector_norm(p, dtype=torch.float64) ** 2" in result.text, result.text
    before, after = _total(source), _total(result.text)
    normal = [torch.randn(5, generator=torch.Generator().manual_seed(0)), torch.ones(3)]
    assert math.isclose(after(normal), before(normal), rel_tol=1e-6)  # type: ignore[operator]
    # The squares of these overflow float32 (the fix exists for this): finite now.
    huge = [torch.full((4,), 3e19)]
    assert before(huge) == math.inf  # type: ignore[operator]
    assert math.isclose(after(huge), 4 * 3e19 ** 2, rel_tol=1e-6)  # type: ignore[operator]
