"""Findings whose pattern has no row in the knowledge table (synclint/knowledge/dynamo.py)
say `"graph_break": false` in compiled code. That claim is checked here: Dynamo compiles
each of these on CPU without a break, with and without the capture flags, and synclint's
finding in the same code says no break. (A slice bound that is a tensor does break: it is
the `item-arithmetic` row, in the labelled set as `tensor_as_slice_bound`.)"""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import pytest

from synclint.engine import lint_source

torch = pytest.importorskip("torch")

#: rule -> (a function `f` with the pattern, its arguments).
UNLISTED = {
    "SYN105": ("def f(x: torch.Tensor, data: list[float]):\n"
               "    out = []\n"
               "    for d in data:\n"
               "        out.append(torch.tensor(d, device=x.device))\n"
               "    return torch.stack(out) * 2\n", "torch.randn(8), [1.0, 2.0, 3.0]"),
    "SYN110": ("def f(x: torch.Tensor):\n"
               "    return torch.tensor([x.sum(), x.mean()]) * 2\n", "torch.randn(8)"),
    "SYN201": ("def f(grads: list[torch.Tensor]):\n"
               "    return torch.cat([g.view(-1) for g in grads]).sum()\n",
               "[torch.randn(3), torch.randn(4)]"),
    "SYN202": ("def f(ts: list[torch.Tensor]):\n"
               "    return torch.stack([t.to(ts[0].device) for t in ts]) * 2\n",
               "[torch.randn(3), torch.randn(3)]"),
    "SYN301": ("def f(grad: torch.Tensor):\n"
               "    return (grad * grad).sum()\n", "torch.randn(5)"),
}
FLAGS = ({}, {"capture_scalar_outputs": True},
         {"capture_scalar_outputs": True, "capture_dynamic_output_shape_ops": True})


@pytest.mark.parametrize("code", sorted(UNLISTED))
def test_dynamo_compiles_the_pattern_without_a_break(code: str, tmp_path: Path) -> None:
    import torch._dynamo as dynamo

    source, args = UNLISTED[code]
    module = tmp_path / f"case_{code}.py"
    module.write_text(f"import torch\n\n\n{source}")
    namespace: dict[str, object] = {}
    exec(compile(module.read_text(), str(module), "exec"), namespace)  # noqa: S102
    function = namespace["f"]
    values = eval(f"({args},)", {"torch": torch})  # noqa: S307
    for flags in FLAGS:
        dynamo.reset()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with dynamo.config.patch(**flags):
                explained = dynamo.explain(function)(*values)  # type: ignore[arg-type]
        assert (explained.graph_break_count, explained.break_reasons) == (0, []), flags


@pytest.mark.parametrize("code", sorted(UNLISTED))
def test_the_finding_in_compiled_code_says_no_break(code: str) -> None:
    source, _ = UNLISTED[code]
    compiled = "import torch\n\n\n@torch.compile\n" + textwrap.dedent(source)
    found = [d for d in lint_source(compiled, "case.py", {code}).diagnostics if d.code == code]
    assert found, f"{code} reports nothing in its own pattern"
    assert all(d.graph_break is False and d.graph_break_flag is None for d in found)
