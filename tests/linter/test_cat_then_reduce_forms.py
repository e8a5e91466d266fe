"""SYN201 cat-then-reduce on each spelling of a flattened element (`flatten(start_dim=0)`,
`reshape([-1])`, `torch.reshape(g, (-1,))`, a literal list, an append loop, a host scalar
in between), its look-alikes (a partial flatten, a fixed shape), and fixes that compute
what the original did."""

from __future__ import annotations

import pytest
import torch

from synclint.engine import lint_source
from synclint.fixer import fix_source

HEAD = ("import math\nimport torch\n\n"
        "def f(grads: list[torch.Tensor], a: torch.Tensor, b: torch.Tensor):\n")

REPORTED = {
    "flatten from dim 0": "    return torch.cat([g.flatten(start_dim=0) for g in grads]).sum()\n",
    "reshape to [-1]": "    return torch.cat([g.reshape([-1]) for g in grads]).sum()\n",
    "torch.reshape": "    return torch.cat([torch.reshape(g, (-1,)) for g in grads]).sum()\n",
    "times a host scalar": ("    return (torch.cat([g.view(-1) for g in grads]) * math.pi)"
                            ".sum()\n"),
    "literal list": "    return torch.cat([a.view(-1), b.view(-1)]).sum()\n",
    "append loop with a read": ("    flats = []\n    for g in grads:\n"
                                "        flats.append(g.view(-1))\n    first = flats[0]\n"
                                "    return torch.cat(flats).sum() + first.sum()\n"),
}
NOT_REPORTED = {
    "flatten from dim 1": "    return torch.cat([g.flatten(start_dim=1) for g in grads]).sum()\n",
    "reshape to a fixed size": "    return torch.cat([g.reshape(6) for g in grads]).sum()\n",
}


def _findings(source: str) -> list[int]:
    output = lint_source(source, "example.py", ["SYN201"])
    assert output.error is None
    return [d.location.row for d in output.diagnostics if d.code == "SYN201"]


def _run(source: str) -> torch.Tensor:
    namespace: dict[str, object] = {}
    exec(compile(source, "<case>", "exec"), namespace)  # noqa: S102
    gen = torch.Generator().manual_seed(0)
    grads = [torch.randn(2, 3, generator=gen) for _ in range(4)]
    a, b = torch.randn(2, 3, generator=gen), torch.randn(6, generator=gen)
    result = namespace["f"](grads, a, b)  # type: ignore[operator]
    assert isinstance(result, torch.Tensor)
    return result


@pytest.mark.parametrize("body", REPORTED.values(), ids=REPORTED.keys())
def test_each_flattened_spelling_is_reported_and_its_fix_computes_the_same(body: str) -> None:
    source = HEAD + body
    assert len(_findings(source)) == 1
    fixed = fix_source(source, "example.py", ["SYN201"], unsafe=True)
    assert fixed.error is None and fixed.text != source
    assert _findings(fixed.text) == []
    assert torch.allclose(_run(fixed.text), _run(source), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("body", NOT_REPORTED.values(), ids=NOT_REPORTED.keys())
def test_elements_that_are_not_flattened_are_not_reported(body: str) -> None:
    assert _findings(HEAD + body) == []
