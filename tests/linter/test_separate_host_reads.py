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


def test_the_min_and_max_of_one_tensor_share_its_unknown_dtype() -> None:
    source = """\
        import torch
        def f(x: torch.Tensor):
            low = x.min()
            high = x.max()
            return low.item(), high.item()
    """
    (finding,) = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    assert "torch.stack([low, high]).tolist()" in fixed(source)


def test_unknown_dtypes_of_different_tensors_get_no_fix_with_the_reason() -> None:
    source = """\
        import torch
        def f(x: torch.Tensor):
            low = x.min()
            total = x.sum()
            return low.item(), total.item()
    """
    (finding,) = findings(source)
    assert finding.fix is None
    assert finding.help is not None and "an int and a float" in finding.help


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
            return x.float().sum().item(), log("start"), x.float().mean().item()
    """)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "`log(...)` runs before a later read" in finding.help


def test_a_call_given_the_reads_runs_after_them_and_keeps_the_fix_safe() -> None:
    # Python evaluates a call's arguments first: `log` runs after both reads, so reading
    # them in one transfer before it moves nothing across it.
    (finding,) = findings("""\
        import torch
        def f(x: torch.Tensor, log):
            log("start", x.float().sum().item(), x.float().mean().item())
    """)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    assert finding.help is not None and "runs before a later read" not in finding.help


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


def test_the_other_reads_are_related_locations_in_json_and_sarif() -> None:
    import json

    from synclint.report.sarif import render_sarif

    source = textwrap.dedent("""\
        import torch
        def f(loss: torch.Tensor, acc: torch.Tensor, lr: torch.Tensor):
            x = loss.item()
            return {"x": x, "acc": acc.item(),
                    "lr": lr.item()}
    """)
    (finding,) = findings(source)
    assert (finding.location.row, finding.location.column) == (3, 9)
    assert [(r.location.row, r.location.column, r.message) for r in finding.related] == [
        (4, 28, "read 2 of 3: `acc.item()`"), (5, 19, "read 3 of 3: `lr.item()`")]
    assert all(r.filename == finding.filename for r in finding.related)
    assert finding.to_json()["related"][1]["location"] == {"row": 5, "column": 19}
    sarif = json.loads(render_sarif([finding]))
    locations = sarif["runs"][0]["results"][0]["relatedLocations"]
    assert [loc["physicalLocation"]["region"]["startLine"] for loc in locations] == [4, 5]
    assert locations[0]["message"]["text"] == "read 2 of 3: `acc.item()`"


@pytest.mark.parametrize(("first", "second"), [
    ("torch.tensor(0.5, device=x.device)", "x.sum().float()"),
    ("torch.tensor(1, dtype=torch.int32, device=x.device)", "(x > 0).sum().to(torch.int64)"),
    ("torch.zeros((), dtype=torch.long, device=x.device)", "x.amax().long()"),
    ("x.sum().to(dtype=torch.float16)", "x.mean().to(torch.float32)"),
    ("x.amax().type(torch.int64)", "x.amin().to(torch.long)"),
    ("other.sum().to(x.device, torch.float32)", "x.sum().float()"),
])
def test_dtypes_from_factories_and_casts_prove_the_merge_safe(first: str, second: str) -> None:
    (finding,) = findings(f"""\
        import torch
        def f(x: torch.Tensor, other: torch.Tensor):
            a = {first}
            b = {second}
            return a.item(), b.item()
    """)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE, \
        finding.help


@pytest.mark.parametrize(("first", "why"), [
    ("torch.tensor(v, dtype=torch.float32, device=x.device)", None),
    ("torch.tensor(0.5, device=other.device)", "different devices"),
    ("x.sum().to(other)", "dtypes are not known"),
    ("x.sum().to('cuda:1')", "dtypes are not known"),
    ("x.float().sum().to('cuda:1')", "different devices"),
    ("torch.zeros(1, dtype=torch.float32, device=x.device)", None),
])
def test_factories_and_casts_that_prove_nothing_are_not_trusted(first: str,
                                                                why: str | None) -> None:
    """A value that may not be 0-d is read as `.view(())` (safe); one on another device
    makes the merge unsafe; one of unknown dtype gets no merge."""
    (finding,) = findings(f"""\
        import torch
        def f(x: torch.Tensor, other: torch.Tensor, v):
            a = {first}
            b = x.float().mean()
            return a.item(), b.item()
    """)
    if why is None:
        assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
        assert ".view(())" in (finding.fix.edits[0].content if finding.fix.edits else "")
    elif why == "dtypes are not known":
        assert finding.fix is None and why in (finding.help or "")
    else:
        assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
        assert finding.help is not None and why in finding.help, finding.help


@pytest.mark.parametrize(("expression", "zero_dim", "dtype", "roots"), [
    ("torch.tensor(3, device=x.device)", True, "int", {"x"}),
    ("torch.tensor(0.5)", True, "float", set()),
    ("torch.tensor(True, device='cuda')", True, "bool", {"?"}),
    ("torch.tensor(-2, dtype=torch.float16, device=x.device)", True, "float", {"x"}),
    ("torch.tensor(v, dtype=torch.int32)", False, "int", set()),
    ("torch.scalar_tensor(3, device=x.device)", True, "float", {"x"}),  # the default dtype
    ("torch.as_tensor(3)", True, "int", set()),
    ("torch.zeros((), device=x.device)", True, "float", {"x"}),
    ("torch.ones([], dtype=torch.bool)", True, "bool", set()),
    ("torch.full((), 3)", True, None, set()),  # the fill's dtype: not followed
    ("torch.full((), 3, dtype=torch.long)", True, "int", set()),
    ("torch.empty(2, dtype=torch.uint8)", False, "int", set()),
    ("torch.randn(3, device='cuda')", False, "float", {"?"}),  # the default dtype
    ("torch.rand((), dtype=torch.float16)", True, "float", set()),
    ("x.sum().to(torch.bfloat16)", True, "float", {"x"}),
    ("x.sum().to(dtype=torch.int8, non_blocking=True)", True, "int", {"x"}),
    ("x.sum().to('cuda:1')", True, None, {"?"}),
    ("x.sum().to(v)", False, None, {"?"}),
    ("x.sum().type(torch.complex64)", False, None, {"?"}),  # complex: not followed
    ("x.sum().byte()", True, "int", {"x"}),
])
def test_scalar_facts_of_factories_and_casts(expression: str, zero_dim: bool, dtype: str | None,
                                             roots: set[str]) -> None:
    import libcst as cst

    from synclint.analysis.names import Imports
    from synclint.analysis.scalars import ScalarFacts

    module = cst.parse_module(f"import torch\ndef f(x, v):\n    return {expression}\n")
    imports = Imports()
    imports.add_import(module.body[0].body[0])  # type: ignore[attr-defined]
    function = module.body[1]
    value = function.body.body[0].body[0].value  # type: ignore[attr-defined]
    facts = ScalarFacts(function, imports).of(value)
    assert (facts.zero_dim, facts.dtype, set(facts.roots)) == (zero_dim, dtype, roots)
