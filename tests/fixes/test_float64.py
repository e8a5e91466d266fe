"""The float64 fix of SYN301: what it writes, when it is safe, unsafe or withheld, and that
the fixed norm is finite, equal and cheap in memory."""

from __future__ import annotations

import math
import textwrap

import pytest
import torch

from synclint.diagnostics import Applicability, Diagnostic
from synclint.docs import rule_page
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.rules import ALL_RULES
from synclint.runtime import track_memory
from tests.fixes.layout_text import unwrapped
from tests.linter.test_catalog import _block

CODE = "SYN301"


def findings(source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", [CODE])
    return [d for d in output.diagnostics if d.code == CODE]


def fixed(source: str, *, unsafe: bool = False) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", [CODE], unsafe=unsafe)
    assert result.error is None and not result.discarded
    return result.text


SEED = """\
import pytest
import torch
from torch import nn


def compute_grad_norm_surrogate(module: nn.Module) -> float | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    total_sq = sum(
        (g.float() * g.float()).sum() for g in grads  # squares overflow above 1.8e19
    )
    return float(total_sq.sqrt().item())
"""


def test_seed_summand_becomes_a_float64_norm_squared_and_keeps_its_comment() -> None:
    assert fixed(SEED) == SEED.replace(
        "(g.float() * g.float()).sum() for g in grads",
        "torch.linalg.vector_norm(g.float(), dtype=torch.float64) ** 2 for g in grads")


def test_seed_fix_is_safe_because_the_value_is_only_read_as_a_float() -> None:
    [finding] = findings(SEED)
    assert finding.fix is not None
    assert finding.fix.applicability is Applicability.SAFE


def test_fixing_twice_changes_nothing_and_nothing_is_reported_after() -> None:
    once = fixed(SEED)
    assert fixed(once) == once
    assert findings(once) == []


def test_square_root_of_a_squared_sum_becomes_the_norm_itself() -> None:
    source = "import torch\ndef f(g: torch.Tensor):\n    return g.float().pow(2).sum().sqrt().item()\n"
    assert fixed(source) == (
        "import torch\ndef f(g: torch.Tensor):\n"
        "    return torch.linalg.vector_norm(g.float(), dtype=torch.float64).item()\n")


def test_power_one_half_of_a_squared_sum_becomes_the_norm_itself() -> None:
    source = ("import torch\ndef f(g: torch.Tensor):\n"
              "    return float((g.float() * g.float()).sum() ** 0.5)\n")
    assert "float(torch.linalg.vector_norm(g.float(), dtype=torch.float64))" in fixed(
        source, unsafe=True)


def test_a_returned_squared_sum_gets_no_fix_that_says_why() -> None:
    """Returned in float64 it changes the caller's dtype; cast back to float32 it overflows
    where the original did: no fix either way."""
    source = "import torch\ndef f(g: torch.Tensor):\n    return (g.float() ** 2).sum()\n"
    [finding] = findings(source)
    assert finding.fix is None
    assert "No safe fix:" in (finding.help or "") and "float64" in (finding.help or "")
    assert fixed(source, unsafe=True) == textwrap.dedent(source)


def test_a_returned_norm_is_handed_back_in_the_original_dtype() -> None:
    """`.sqrt()` of the squared sum is the norm: computed in float64, cast back to float32,
    it is finite where the float32 squares overflowed, and keeps the caller's dtype."""
    source = "import torch\ndef f(g: torch.Tensor):\n    return (g.float() ** 2).sum().sqrt()\n"
    [finding] = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = fixed(source)
    assert "torch.linalg.vector_norm(g.float(), dtype=torch.float64).float()" in text
    namespace: dict[str, object] = {}
    exec(compile(text, "fixed.py", "exec"), namespace)  # noqa: S102
    big = torch.full((4,), 1e20)
    value = namespace["f"](big)  # type: ignore[operator]
    assert value.dtype == torch.float32 and math.isclose(float(value), 2e20, rel_tol=1e-6)
    small = torch.tensor([3.0, 4.0])
    assert namespace["f"](small).dtype == (small ** 2).sum().sqrt().dtype  # type: ignore[operator]


def test_method_after_the_square_gets_parentheses() -> None:
    source = "import torch\ndef f(g: torch.Tensor):\n    return (g.float() ** 2).sum().item()\n"
    assert "return (torch.linalg.vector_norm(g.float(), dtype=torch.float64) ** 2).item()" in fixed(
        source, unsafe=True)


def test_squared_norm_operand_is_the_tensor_not_its_norm() -> None:
    source = ("import torch\ndef f(model):\n"
              "    total = sum(p.grad.norm() ** 2 for p in model.parameters())\n"
              "    return float(total) ** 0.5\n")
    assert ("sum(torch.linalg.vector_norm(p.grad, dtype=torch.float64) ** 2 "
            "for p in model.parameters())") in unwrapped(fixed(source, unsafe=True))


def test_accumulator_read_as_a_float_is_fixed_safely() -> None:
    source = """\
    import torch
    def f(model):
        total = 0.0
        for p in model.parameters():
            total += p.grad.data.float().norm(2) ** 2
        return float(total) ** 0.5
    """
    assert ("total += torch.linalg.vector_norm(p.grad.data.float(), dtype=torch.float64) ** 2"
            in fixed(source))


def test_accumulator_returned_as_a_tensor_gets_no_fix() -> None:
    source = """\
    import torch
    def f(model):
        total = 0.0
        for p in model.parameters():
            total += (p.grad * p.grad).sum()
        return total ** 0.5
    """
    [finding] = findings(source)
    assert finding.fix is None


def test_dot_product_of_a_tensor_with_itself_is_rewritten() -> None:
    source = ("import torch\ndef f(g: torch.Tensor):\n"
              "    return torch.dot(g.float().view(-1), g.float().view(-1)).item()\n")
    assert ("(torch.linalg.vector_norm(g.float().view(-1), dtype=torch.float64) ** 2).item()"
            in unwrapped(fixed(source, unsafe=True)))


def test_nansum_is_reported_without_a_fix_and_the_message_says_why() -> None:
    source = "import torch\ndef f(g: torch.Tensor):\n    return g.pow(2).nansum().item()\n"
    [finding] = findings(source)
    assert finding.fix is None
    assert "No safe fix: `nansum` skips NaN" in (finding.help or "")


def test_torch_imported_under_an_alias_is_used_by_that_alias() -> None:
    source = "import torch as T\ndef f(g: T.Tensor):\n    return float(T.sum(g.float() ** 2))\n"
    out = fixed(source)
    assert out.splitlines()[0] == "import torch as T" and "import torch\n" not in out
    assert "float(T.linalg.vector_norm(g.float(), dtype=T.float64) ** 2)" in out


def test_catalog_use_instead_is_what_the_fixer_makes_of_the_example() -> None:
    page = rule_page(CODE) or ""
    example, use_instead = _block(page, "Example"), _block(page, "Use instead")
    result = fix_source(example, "example.py", list(ALL_RULES))
    assert result.text == use_instead


def _seed_naive(grads: list[torch.Tensor]) -> float:
    total_sq = sum((g.float() * g.float()).sum() for g in grads)
    return float(total_sq.sqrt().item())  # type: ignore[union-attr]


def _seed_fixed(grads: list[torch.Tensor]) -> float:
    total_sq = sum(torch.linalg.vector_norm(g.float(), dtype=torch.float64) ** 2 for g in grads)
    return float(total_sq.sqrt().item())


def _seed_ticket_fix(grads: list[torch.Tensor]) -> float:
    grads_double = [g.double() for g in grads]
    norms = torch._foreach_norm(grads_double, ord=2)
    return float(torch.linalg.vector_norm(torch.stack(norms)).item())


def test_fixed_norm_is_finite_at_1e20_and_matches_float64() -> None:
    torch.manual_seed(0)
    grads = [torch.randn(100, 10) * 1e20, torch.randn(50) * 1e20]
    assert math.isinf(float(_seed_naive(grads)))
    exact = math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))
    assert math.isclose(float(_seed_fixed(grads)), exact, rel_tol=1e-9)


def test_fixed_norm_peak_memory_stays_below_one_float64_copy_of_the_largest_tensor() -> None:
    torch.manual_seed(0)
    grads = [torch.randn(256, 256), torch.randn(128, 256), torch.randn(1000)]
    largest = max(g.numel() * g.element_size() for g in grads)
    with track_memory("emulated") as ours:
        _seed_fixed(grads)
    with track_memory("emulated") as seed_ticket:
        _seed_ticket_fix(grads)
    # The seed ticket's fix holds a float64 copy of every gradient at once.
    assert seed_ticket.peak_bytes >= 2 * sum(g.numel() * g.element_size() for g in grads)
    assert ours.peak_bytes <= 2 * largest


def _fix_of(source: str) -> str:
    [finding] = findings(source)
    name = finding.fix.applicability.name if finding.fix is not None else "NONE"
    return f"{name}: {finding.help}"


def test_an_operand_of_unknown_dtype_gets_no_fix_because_integers_would_raise() -> None:
    """An int64 contingency matrix squared and summed is exact; `vector_norm` raises for it."""
    source = "import torch\ndef f(g: torch.Tensor):\n    return (g * g).sum().item()\n"
    [finding] = findings(source)
    assert finding.fix is None
    assert "raises for integer, bool and complex tensors" in (finding.help or "")
    counts = "import torch\ndef f(c: torch.Tensor):\n    t = c.long()\n    return (t * t).sum().item()\n"
    for finding in findings(counts):
        assert finding.fix is None
    g = torch.arange(4)
    assert (g * g).sum().item() == 14
    try:
        torch.linalg.vector_norm(g, dtype=torch.float64)
    except RuntimeError:
        pass
    else:  # pragma: no cover - the reason would be false
        raise AssertionError("vector_norm accepted an integer tensor")


def test_a_cast_to_a_floating_dtype_makes_the_operand_known() -> None:
    for cast in ("g.float()", "g.half()", "g.float().to('cuda')", "g.bfloat16().detach()",
                 "g.detach().float().view(-1)"):
        source = f"import torch\ndef f(g):\n    return ({cast} ** 2).sum().item()\n"
        assert _fix_of(source).startswith("SAFE"), cast
    for cast in ("g.abs()", "g.float().to(dtype).view(-1)"):
        source = f"import torch\ndef f(g, dtype):\n    return ({cast} ** 2).sum().item()\n"
        assert _fix_of(source).startswith("NONE"), cast


def test_norms_inside_a_squared_sum_are_computed_in_float64_too() -> None:
    source = ("import torch\ndef f(grads):\n"
              "    return torch.stack([g.float().norm() for g in grads]).pow(2).sum().sqrt().item()\n")
    out = fixed(source)
    assert ("torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g.float(), "
            "dtype=torch.float64) for g in grads])).item()") in unwrapped(out)
    ns: dict[str, object] = {}
    exec(compile(out, "fixed.py", "exec"), ns)  # noqa: S102 - the fixer's own output
    grads = [torch.full((1000,), 2e37), torch.ones(3)]
    assert math.isinf(torch.stack([g.norm() for g in grads]).pow(2).sum().sqrt().item())
    exact = math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))
    assert math.isclose(ns["f"](grads), exact, rel_tol=1e-9)  # type: ignore[operator]


def test_a_file_that_uses_mps_gets_an_unsafe_fix_where_it_cannot_name_the_device() -> None:
    """A join of norms has no one tensor whose device the fix could ask."""
    source = ("import torch\ndevice = torch.device('mps')\ndef f(grads):\n"
              "    return torch.stack([g.float().norm() for g in grads]).pow(2).sum().item()\n")
    assert _fix_of(source).startswith("UNSAFE")
    assert "MPS" in _fix_of(source)


def _scaled_norm_from_the_page() -> dict[str, object]:
    """The float32 form rules/SYN301.md gives for MPS, executed as written there."""
    code = _block(rule_page(CODE) or "", "Fix safety")
    namespace: dict[str, object] = {"torch": torch, "grads": [torch.ones(2)]}
    exec(compile(code, "SYN301.md", "exec"), namespace)  # noqa: S102 - our own documentation
    return namespace


def test_the_float32_form_for_mps_matches_float64_on_large_tiny_and_special_values() -> None:
    scaled_norm = _scaled_norm_from_the_page()["scaled_norm"]
    torch.manual_seed(0)
    cases = [torch.randn(1000) * 1e20, torch.randn(7, 3) * 1e-20, torch.randn(64),
             torch.full((5,), 3e37), torch.zeros(4), torch.tensor([2.5]), torch.empty(0),
             torch.tensor([1.0, float("inf")]), torch.tensor([float("nan"), 1e20]),
             torch.tensor([-float("inf"), float("nan")])]
    for g in cases:
        got = scaled_norm(g)  # type: ignore[operator]
        assert got.dtype == torch.float32 and got.shape == ()
        exact = float(torch.linalg.vector_norm(g.double()))
        if math.isnan(exact):
            assert math.isnan(float(got)), g
        else:
            assert math.isclose(float(got), exact, rel_tol=1e-6), (g, float(got), exact)
    # The plain float32 norm overflows on the large values.
    assert math.isinf(float(torch.linalg.vector_norm(cases[0])))


def test_the_float32_form_for_mps_combines_per_tensor_norms_without_overflow() -> None:
    namespace = _scaled_norm_from_the_page()
    scaled_norm = namespace["scaled_norm"]
    grads = [torch.full((1000,), 2e36), torch.ones(3), torch.empty(0)]
    combined = scaled_norm(torch.stack([scaled_norm(g) for g in grads]))  # type: ignore[operator]
    exact = math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))
    assert math.isclose(float(combined), exact, rel_tol=1e-6)


ACCUMULATOR = """\
import math
import pytest
import torch
def f(model):
    {init}
    for p in model.parameters():
        {target} += p.grad.float().norm() ** 2
    {use}
"""


@pytest.mark.parametrize(("init", "target", "use", "safe"), [
    ("total = 0.0", "total", "return float(total) ** 0.5", True),
    ("total = 0", "total", "return math.sqrt(total)", True),
    ("total = 0.0", "total", "a, b = float(total), total.item()\n    return a + b", True),
    ("total = 0.0", "total", "return total", False),
    ("total = 0.0", "total", "print(total)\n    return float(total)", False),
    ("total = 0.0", "total", "total *= 2\n    return float(total)", False),
    ("total = 0.0\n    total = 1.0", "total", "return float(total)", True),
    ("total = 0.0\n    (total, other) = (1.0, 2)", "total", "return float(total)", False),
])
def test_an_accumulator_is_fixed_only_when_every_read_is_a_host_read(init: str, target: str,
                                                                     use: str, safe: bool) -> None:
    """Where a read may see the total as a tensor, a float64 one would change its dtype, and
    a float32 one overflows as before: no fix."""
    source = ACCUMULATOR.format(init=init, target=target, use=use)
    [finding] = findings(source)
    if safe:
        assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    else:
        assert finding.fix is None, finding.message
        assert "stays a tensor of the original dtype" in (finding.help or "")


@pytest.mark.parametrize(("init", "target"), [
    ("total = torch.zeros(())", "total"),
    ("self = model\n    self.total = torch.zeros(())", "self.total"),
])
def test_a_tensor_accumulator_gets_no_float64_fix(monkeypatch: pytest.MonkeyPatch,
                                                  init: str, target: str) -> None:
    """`+=` adds in place in the accumulator's dtype: a float64 square added to a float32
    tensor overflows to inf all the same, so the fix would not fix anything."""
    import synclint.fixes.float64 as float64

    source = ACCUMULATOR.format(init=init, target=target, use=f"return {target}")
    [finding] = findings(source)
    assert finding.fix is None
    assert "adds in place in its own dtype" in (finding.help or "")
    # The fix it refuses: the sum is still inf where the float64 reference is finite.
    monkeypatch.setattr(float64, "_accumulator_starts_as_number", lambda *_: True)
    monkeypatch.setattr(float64, "_accumulator_on_host", lambda *_: True)
    text = fixed(source, unsafe=True)
    assert "dtype=torch.float64" in text
    model = torch.nn.Linear(2, 1)
    for p in model.parameters():
        p.grad = torch.full_like(p, 1e20)
    namespace: dict[str, object] = {}
    exec(compile(text, "fixed.py", "exec"), namespace)  # noqa: S102
    assert math.isinf(float(namespace["f"](model)))  # type: ignore[operator]


def test_a_module_level_accumulator_gets_no_fix() -> None:
    """Its reads cannot be proven host reads: the float64 total would stay a tensor."""
    source = ("import torch\ntotal = 0.0\nfor g in grads:\n"
              "    total += g.float().pow(2).sum()\nprint(float(total))\n")
    [finding] = findings(source)
    assert finding.fix is None
    assert "stays a tensor of the original dtype" in (finding.help or "")


@pytest.mark.parametrize(("norm", "inner"), [
    ("g.float().norm(2.0)", "g.float()"),
    ("g.float().norm(p=2)", "g.float()"),
    ("torch.linalg.vector_norm(g.float(), ord=2)", "g.float()"),
    ("torch.norm(g.float())", "g.float()"),
    ("g.float().norm(3)", "g.float().norm(3)"),
    ("g.float().norm(2.5)", "g.float().norm(2.5)"),
    ("torch.linalg.norm(g.float(), 2)", "torch.linalg.norm(g.float(), 2)"),
])
def test_squaring_an_l2_norm_norms_the_tensor_itself(norm: str, inner: str) -> None:
    source = f"import torch\ndef f(g):\n    return float(sum({norm} ** 2 for _ in range(1)))\n"
    out = fixed(source, unsafe=True)
    assert f"torch.linalg.vector_norm({inner}, dtype=torch.float64) ** 2" in unwrapped(out), out


@pytest.mark.parametrize(("power", "rooted"), [("** 0.5", True), ("** 0.25", False),
                                               ("** 2", False)])
def test_only_a_square_root_of_the_squared_sum_becomes_the_norm(power: str,
                                                                rooted: bool) -> None:
    source = f"import torch\ndef f(g):\n    return float((g.float() * g.float()).sum() {power})\n"
    out = fixed(source, unsafe=True)
    norm = "torch.linalg.vector_norm(g.float(), dtype=torch.float64)"
    if rooted:
        assert f"float({norm})" in unwrapped(out), out
    else:  # another power of the squared sum stays a float32 tensor before `float()`
        assert out == source


@pytest.mark.parametrize("summand", ["c * c", "c ** 2", "c.float().norm(dim=0) ** 2",
                                     "c.norm(2, 1) ** 2"])
def test_whole_tensors_squared_elementwise_are_not_a_norm_and_get_no_rewrite(summand: str) -> None:
    # After transformers' openfold rigid_utils: x*x + y*y + z*z of coordinate tensors.
    source = (f"import torch\ndef f(e0: list[torch.Tensor]):\n"
              f"    return torch.sqrt(sum({summand} for c in e0))\n")
    assert findings(source) == []
    accumulated = (f"import torch\ndef f(e0: list[torch.Tensor]):\n    total = 0.0\n"
                   f"    for c in e0:\n        total += {summand}\n    return total\n")
    assert findings(accumulated) == []


@pytest.mark.parametrize("source", [
    "def f(norms: list[torch.Tensor]):\n    return float(sum(n ** 2 for n in norms))\n",
    "def f(layer_norms: list[torch.Tensor]):\n    return float(sum(n ** 2 for n in layer_norms))\n",
    "def f(ps):\n    t = 0.0\n    for p in ps:\n        param_norm = p.grad.norm(2)\n"
    "        t += param_norm ** 2\n    return float(t)\n",
    "def f(ps):\n    t = 0.0\n    for p in ps:\n        n = p.grad.norm()\n"
    "        t += n ** 2\n    return float(t)\n",
])
def test_squares_of_what_the_code_calls_or_binds_as_norms_are_norms(source: str) -> None:
    assert len(findings("import torch\n" + source)) == 1


@pytest.mark.parametrize(("body", "safe"), [
    ("return g.float().pow(2).sum().item()", True),
    ("return g.float().pow(2).sum().tolist()", True),
    ("return float(g.float().pow(2).sum())", True),
    ("return round(g.float().pow(2).sum(), 3)", True),
    ("return math.sqrt(g.float().pow(2).sum())", True),
    ("return math.isfinite(g.float().pow(2).sum())", True),
    ("return g.float().pow(2).sum().sqrt().item()", True),
    ("return torch.sqrt(g.float().pow(2).sum()).item()", True),
    ("return (g.float().pow(2).sum() ** 0.5).item()", True),
    ("s = g.float().pow(2).sum()\n    return s.item(), float(s)", True),
    ("return g.float().pow(2).sum()", False),
    ("return g.float().pow(2).sum().sqrt()", "cast back"),
    ("return g.float().pow(2).sum() / 2", False),
    ("return g.float().pow(2).sum().clamp(0).item()", False),
    ("return print(g.float().pow(2).sum())", False),
    ("return math.sqrt(x=g.float().pow(2).sum())", False),
    ("s = g.float().pow(2).sum()\n    return s.item(), s", False),
    ("s = g.float().pow(2).sum()\n    s = s * 2\n    return s.item()", False),
    ("s = t = g.float().pow(2).sum()\n    return s.item()", False),
    ("self.s = g.float().pow(2).sum()\n    return self.s.item()", False),
    ("float = len\n    return float(g.float().pow(2).sum())", False),
])
def test_the_float64_fix_is_safe_only_where_every_read_is_a_host_read(
        body: str, safe: bool | str) -> None:
    """A host read never sees the float64 tensor; the norm itself is handed back in its
    dtype; any other use gets no fix."""
    source = f"import math\nimport torch\ndef f(g, self):\n    {body}\n"
    [finding] = findings(source)
    if safe:
        assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
        if safe == "cast back":
            assert "dtype=torch.float64).float()" in fixed(source)
    else:
        assert finding.fix is None, finding.message
        assert "stays a tensor of the original dtype" in (finding.help or "")


@pytest.mark.parametrize("root", ["torch.sqrt(g.float().pow(2).sum())",
                                  "g.float().pow(2).sum().sqrt()"])
def test_the_square_root_of_the_squared_sum_is_written_as_the_norm(root: str) -> None:
    source = f"import torch\ndef f(g):\n    return {root}.item()\n"
    assert fixed(source).endswith(
        "    return torch.linalg.vector_norm(g.float(), dtype=torch.float64).item()\n")


NAMED_NORMS = """\
import torch

def total(grads: list[torch.Tensor]):
    norms = [g.float().norm() for g in grads]
    {use}
    return torch.stack(norms).pow(2).sum().sqrt().item()
"""


def test_a_named_list_of_norms_read_only_by_the_join_is_computed_in_float64() -> None:
    text = fixed(NAMED_NORMS.replace("{use}", "pass"))
    assert "norms = [torch.linalg.vector_norm(g.float(), dtype=torch.float64) for g in " \
           "grads]" in text
    namespace: dict[str, object] = {}
    exec(compile(text, "fixed", "exec"), namespace)  # noqa: S102
    grads = [torch.full((4,), 1e20), torch.ones(2)]
    assert namespace["total"](grads) == pytest.approx(2e20)  # type: ignore[operator]


@pytest.mark.parametrize("use", ["print(norms)", "norms.append(torch.ones(()))",
                                 "norms = norms[:1]"])
def test_a_list_of_norms_read_elsewhere_keeps_its_norms(use: str) -> None:
    """Its float32 norms may be logged or changed: they are not widened behind the
    reader's back (the join's own norm is still taken in float64)."""
    text = fixed(NAMED_NORMS.replace("{use}", use), unsafe=True)
    assert "norms = [g.float().norm() for g in grads]" in text


def test_in_a_file_that_uses_mps_the_norm_stays_float32_on_mps() -> None:
    """MPS has no float64: the fix keeps float32 there (as the original computed it) and
    takes float64 elsewhere, so it runs on every device."""
    source = ('import torch\nDEVICE = "mps"\n'
              "def f(g: torch.Tensor) -> float:\n    return float((g.float() ** 2).sum())\n")
    [finding] = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = fixed(source)
    assert 'dtype=torch.float32 if g.device.type == "mps" else torch.float64' in unwrapped(text)
    namespace: dict[str, object] = {}
    exec(compile(text, "fixed.py", "exec"), namespace)  # noqa: S102
    assert namespace["f"](torch.full((4,), 1e20)) == pytest.approx(4e40)  # type: ignore[operator]
