"""SYN112 separate-host-reads and its merged-reads fix: what is merged, what is safe."""

from __future__ import annotations

import textwrap

import pytest

from synclint.diagnostics import Applicability, Diagnostic
from synclint.fixer import fix_source
from tests.linter.helpers import rule_findings

CODE = "SYN112"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def fixed(source: str, *, unsafe: bool = False) -> str:
    return fix_source(textwrap.dedent(source), "x.py", [CODE], unsafe=unsafe).text


def test_reads_in_one_dict_are_one_finding_with_the_count() -> None:
    (finding,) = findings("""\
        import torch
        def f(loss: torch.Tensor, acc: torch.Tensor, lr: torch.Tensor):
            return {"loss": loss.item(), "acc": acc.item(), "lr": lr.item()}
    """)
    assert finding.message.startswith("3 separate host reads") and len(finding.message) <= 100


def test_consecutive_assignments_become_one_safe_unpacking() -> None:
    source = """\
        import torch
        def f(x: torch.Tensor):
            has_nan = torch.isnan(x).any().item()
            has_inf = torch.isinf(x).any().item()
            return has_nan, has_inf
    """
    (finding,) = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    assert fixed(source) == textwrap.dedent("""\
        import torch
        def f(x: torch.Tensor):
            has_nan, has_inf = torch.stack(
                [torch.isnan(x).any(), torch.isinf(x).any()]
            ).tolist()
            return has_nan, has_inf
    """)


def test_each_dtype_family_gets_its_own_stack_and_bools_ride_along() -> None:
    result = fixed("""\
        import torch
        def f(x: torch.Tensor):
            return x.float().sum().item(), (x > 0).sum().item(), x.float().mean().item(), \\
                x.isnan().any().item()
    """)
    assert "sum_value, mean_value = torch.stack([x.float().sum(), x.float().mean()]).tolist()" \
        in result
    assert "torch.stack([(x > 0).sum(), x.isnan().any()])" in result
    assert "bool(any_value)" in result


def test_unknown_dtypes_make_the_fix_unsafe_with_the_reason() -> None:
    source = """\
        import torch
        def f(x: torch.Tensor):
            low = x.min()
            high = x.max()
            return low.item(), high.item()
    """
    (finding,) = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "dtype of `low`" in finding.help
    assert fixed(source) == textwrap.dedent(source)
    assert "torch.stack([low, high]).tolist()" in fixed(source, unsafe=True)


def test_tensors_from_different_inputs_may_be_on_different_devices() -> None:
    (finding,) = findings("""\
        import torch
        def f(a: torch.Tensor, b: torch.Tensor):
            return a.float().sum().item(), b.float().sum().item()
    """)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "different devices" in finding.help


def test_a_call_between_the_reads_makes_the_fix_unsafe() -> None:
    (finding,) = findings("""\
        import torch
        def f(x: torch.Tensor, log):
            log("start", x.float().sum().item(), x.float().mean().item())
    """)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "`log(...)` runs between the reads" in finding.help


def test_the_same_tensor_read_twice_is_read_once_safely() -> None:
    result = fixed("""\
        import torch
        def f(x: torch.Tensor):
            total = x.sum()
            return total.item(), float(total)
    """)
    assert "total_value = total.item()" in result
    assert "return total_value, float(total_value)" in result


@pytest.mark.parametrize("body", [
    # A dependency: the second read uses the first one's value.
    "n = int(c.sum())\n    y = (x / n).item()",
    # A statement between the reads that could change them.
    "a = x.sum().item()\n    x.add_(1)\n    b = x.sum().item()",
    # Conditional reads.
    "y = x.sum().item() if c.sum().item() else 0",
    "y = x.sum().item() or c.sum().item()",
    # Host tensors, NumPy, a single read.
    "h = x.cpu()\n    y = h.sum().item(), h.max().item()",
    "y = arr.max().item(), arr.min().item()",
    "y = x.sum().item()",
    # Already one transfer; in a loop (SYN101's).
    "a, b = torch.stack([x.sum(), c.sum()]).tolist()",
    "for t in [x, c]:\n        print(t.sum().item(), t.max().item())",
    # Different dtypes that one stack cannot hold without changing a type.
    "y = x.float().sum().item(), (x > 0).sum().item()",
])
def test_look_alikes_are_not_reported(body: str) -> None:
    source = ("import torch\nimport numpy as np\n"
              "def f(x: torch.Tensor, c: torch.Tensor, arr: np.ndarray):\n"
              f"    {body}\n")
    assert findings(source) == []


def test_reads_of_a_name_bound_by_an_earlier_statement_start_a_new_run() -> None:
    found = findings("""\
        import torch
        def f(x: torch.Tensor):
            a = x.sum().item()
            b = x.max().item()
            c = (x * a).sum().item()
            d = (x * a).max().item()
    """)
    assert [d.location.row for d in found] == [3, 5]


def test_inside_try_a_computed_receiver_makes_the_fix_unsafe() -> None:
    (finding,) = findings("""\
        import torch
        def f(x: torch.Tensor):
            try:
                a = x.float().sum().item()
                b = x.float().mean().item()
            except RuntimeError:
                a = b = 0.0
            return a, b
    """)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "inside `try` or `with`" in finding.help
