"""The chunked fix of SYN201: what it writes, when it is safe, unsafe or withheld."""

from __future__ import annotations

import math
import textwrap
from typing import Any

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

CODE = "SYN201"


def findings(source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", [CODE])
    return [d for d in output.diagnostics if d.code == CODE]


def fixed(source: str, *, unsafe: bool = False) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", [CODE, "SYN301"], unsafe=unsafe)
    assert result.error is None and not result.discarded
    return result.text


SEED = """\
import torch

def collect_seed_gradients(seed_module) -> dict[str, float]:
    grads = [p.grad for p in seed_module.parameters() if p.grad is not None]
    if not grads:
        return {}
    # For models with 100M+ params, this could spike VRAM
    all_grads_flat = torch.cat([g.view(-1) for g in grads])  # one O(total) copy
    total = all_grads_flat.numel()
    nan_count = torch.isnan(all_grads_flat).sum().item()
    zero_ratio = (all_grads_flat == 0).sum().item() / total
    grad_norm = all_grads_flat.norm(2).item()
    return {"nan_count": nan_count, "zero_ratio": zero_ratio, "grad_norm": grad_norm}
"""

def _seed_module(nan: bool) -> torch.nn.Module:
    gen = torch.Generator().manual_seed(0)
    grads = [torch.randn(n, generator=gen) for n in (3000, 1000, 200, 50)]
    grads[1][:100] = 0.0
    if nan:
        grads[2][7] = float("nan")
    module = torch.nn.Module()
    for index, grad in enumerate(grads):
        param = torch.nn.Parameter(torch.zeros_like(grad))
        param.grad = grad
        module.register_parameter(f"p{index}", param)
    return module


def test_seed_reductions_become_per_tensor_reductions_and_comments_survive() -> None:
    once = fixed(SEED, unsafe=True)
    assert "torch.cat([g.view(-1) for g in grads])" not in once
    for comment in ("# For models with 100M+ params, this could spike VRAM",
                    "# one O(total) copy"):
        assert comment in once
    # Run both on the same gradients: the same values, and no temporary as large as all of
    # them together (the naive version copies every element once).
    naive: dict[str, Any] = {}
    rewritten: dict[str, Any] = {}
    exec(compile(SEED, "<naive>", "exec"), naive)  # noqa: S102
    exec(compile(once, "<fixed>", "exec"), rewritten)  # noqa: S102
    for nan in (True, False):
        module = _seed_module(nan)
        total_bytes = sum(p.grad.numel() * p.grad.element_size() for p in module.parameters())
        with track_memory("emulated") as naive_memory:
            expected = naive["collect_seed_gradients"](module)
        with track_memory("emulated") as fixed_memory:
            got = rewritten["collect_seed_gradients"](module)
        assert (got["nan_count"], got["zero_ratio"]) == (
            expected["nan_count"], expected["zero_ratio"])
        assert got["nan_count"] == int(nan)
        if nan:
            assert math.isnan(got["grad_norm"]) and math.isnan(expected["grad_norm"])
        else:
            assert got["grad_norm"] == pytest.approx(expected["grad_norm"], rel=1e-6)
        assert naive_memory.peak_bytes >= total_bytes
        assert fixed_memory.peak_bytes < total_bytes


def test_seed_fix_is_unsafe_because_the_gradients_dtype_is_not_known() -> None:
    [finding] = findings(SEED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "`vector_norm` raises for an integer or complex piece" in (finding.help or "")
    # The reason is true: torch.cat promoted the integer piece, vector_norm refuses it.
    pieces = [torch.arange(3), torch.ones(2)]
    assert torch.cat(pieces).norm(2).item() > 0
    with pytest.raises(RuntimeError):
        torch.linalg.vector_norm(pieces[0], dtype=torch.float64)


def test_seed_fix_is_safe_when_the_pieces_are_cast_to_float() -> None:
    [finding] = findings(SEED.replace("g.view(-1)", "g.float().view(-1)"))
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE


def test_fixing_twice_changes_nothing_and_nothing_is_reported_after() -> None:
    once = fixed(SEED, unsafe=True)
    assert fixed(once) == once
    assert findings(once) == []
    assert [d for d in lint_source(once, "x.py", list(ALL_RULES)).diagnostics
            if d.code in (CODE, "SYN301")] == []


def test_direct_sum_reduces_inside_the_same_comprehension() -> None:
    source = ("import torch\ndef f(grads: list[torch.Tensor]):\n"
              "    return torch.cat([g.view(-1) for g in grads]).sum()\n")
    assert fixed(source, unsafe=True).endswith(
        "    return torch.cat([g.view(-1).sum().reshape(1) for g in grads]).sum()\n")
    [finding] = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    # The reason is true: a float16 piece's own sum rounds where torch.cat promoted it.
    pieces = [torch.full((3,), 0.1, dtype=torch.float16), torch.zeros(1)]
    joined = torch.cat(pieces).sum()
    per_piece = torch.cat([p.sum().reshape(1) for p in pieces]).sum()
    assert joined.dtype == per_piece.dtype == torch.float32
    assert abs(joined - per_piece) > 1e-4 * abs(joined)


def test_a_mean_of_pieces_of_unknown_dtype_gets_no_fix() -> None:
    source = ("import torch\ndef f(grads):\n"
              "    return torch.cat([g.view(-1) for g in grads]).mean().item()\n")
    [finding] = findings(source)
    assert finding.fix is None
    assert "a float16 piece's sum would overflow" in (finding.help or "")
    pieces = [torch.ones(70000, dtype=torch.float16)]
    assert torch.cat(pieces).mean().item() == 1.0
    assert torch.cat([p.sum().reshape(1) for p in pieces]).sum().isinf()


def test_append_loop_list_is_iterated_instead_of_joined() -> None:
    source = """\
    import torch
    def f(model):
        flats = []
        for p in model.parameters():
            flats.append(p.grad.detach().reshape(-1))
        flat = torch.cat(flats)
        return flat.abs().max()
    """
    out = fixed(source, unsafe=True)
    assert "    flat_parts = flats\n" in out
    assert ("    return torch.cat([t.abs().max().reshape(1) for t in flat_parts if t.numel()])"
            ".max()\n") in out


def test_product_of_the_joined_tensor_with_itself_substitutes_both_sides() -> None:
    source = """\
    import torch
    def f(grads):
        flat = torch.cat([g.float().view(-1) for g in grads])
        return (flat * flat).mean().item()
    """
    assert "(t * t).sum().reshape(1) for t in flat_parts" in fixed(source)


def test_len_of_a_concatenation_is_the_total_numel() -> None:
    source = """\
    import torch
    def f(grads):
        flat = torch.cat([g.view(-1) for g in grads])
        return torch.isinf(flat).sum().item() / len(flat)
    """
    assert "/ sum(t.numel() for t in flat_parts)" in fixed(source)


def test_element_name_avoids_names_the_function_uses() -> None:
    source = """\
    import torch
    def f(grads, t):
        flat = torch.cat([g.view(-1) for g in grads])
        flat_parts = None
        return (flat > t).sum().item()
    """
    out = fixed(source)
    assert "flat_parts2 = [g.view(-1) for g in grads]" in out
    assert "(part > t).sum().reshape(1) for part in flat_parts2" in out


def test_torch_stack_join_gets_an_unsafe_fix() -> None:
    source = """\
    import torch
    def f(grads):
        flat = torch.stack([g.flatten() for g in grads])
        return flat.count_nonzero().item() / flat.numel()
    """
    [finding] = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "different sizes" in (finding.help or "")
    assert "torch.stack([t.count_nonzero() for t in flat_parts]).sum()" in fixed(source,
                                                                                  unsafe=True)


def test_conditional_reduction_gets_an_unsafe_fix() -> None:
    source = """\
    import torch
    def f(grads, enhanced):
        flat = torch.cat([g.view(-1) for g in grads])
        if enhanced:
            return flat.abs().max().item()
        return flat.numel()
    """
    [finding] = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "conditionally" in (finding.help or "")


def test_norm_kept_as_a_tensor_gets_an_unsafe_fix() -> None:
    source = ("import torch\ndef f(grads):\n"
              "    return torch.cat([g.view(-1) for g in grads]).norm()\n")
    [finding] = findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "float64" in (finding.help or "")


@pytest.mark.parametrize(("body", "reason"), [
    (("    bad = torch.isnan(flat) | torch.isinf(flat)\n"
      "    return (bad.sum() / flat.numel()).item()\n"), "`bad` would have to be inlined"),
    ("    return flat.std().item()\n", "`std` does not combine"),
    ("    return flat.sum().item(), flat.dtype\n", "`dtype` of the joined tensor"),
    ("    return (flat / flat.numel()).sum().item()\n", "nested"),
])
def test_unsupported_uses_get_no_fix_and_the_message_says_why(body: str, reason: str) -> None:
    source = ("import torch\ndef f(grads):\n"
              "    flat = torch.cat([g.view(-1) for g in grads])\n" + body)
    found = findings(source)
    assert found, "SYN201 should still report"
    assert found[0].fix is None
    assert reason in (found[0].help or "").split("No safe fix: ", 1)[-1]


def test_catalog_use_instead_is_what_the_fixer_makes_of_the_example() -> None:
    page = rule_page(CODE) or ""
    example, use_instead = _block(page, "Example"), _block(page, "Use instead")
    result = fix_source(example, "example.py", list(ALL_RULES))
    assert result.text == use_instead


def test_empty_list_raises_the_same_error_as_the_concatenation() -> None:
    grads: list[torch.Tensor] = []
    with pytest.raises(ValueError):
        torch.cat([g.view(-1) for g in grads]).sum()
    with pytest.raises(ValueError):
        torch.cat([g.view(-1).sum().reshape(1) for g in grads]).sum()


def test_per_tensor_reductions_never_hold_a_copy_of_all_tensors() -> None:
    torch.manual_seed(0)
    grads = [torch.randn(256, 256), torch.randn(64, 256), torch.randn(4096)]
    largest = max(g.numel() * g.element_size() for g in grads)
    total = sum(g.numel() * g.element_size() for g in grads)
    with track_memory("emulated") as naive:
        flat = torch.cat([g.view(-1) for g in grads])
        torch.isnan(flat).sum().item()
        flat.norm().item()
        del flat
    parts = [g.view(-1) for g in grads]
    with track_memory("emulated") as chunked:
        torch.cat([torch.isnan(t).sum().reshape(1) for t in parts]).sum().item()
        torch.linalg.vector_norm(torch.cat(
            [torch.linalg.vector_norm(t, dtype=torch.float64).reshape(1) for t in parts])).item()
    assert naive.peak_bytes >= total
    assert chunked.peak_bytes <= largest


@pytest.mark.parametrize(("binding", "safe"), [
    ("grads = list(gs)", True), ("grads = tuple(gs)", True), ("grads = [*gs]", True),
    ("grads = [g for g in gs]", True), ("grads = iter(gs)", False),
    ("grads = sorted(gs, key=len)", False), ("grads = (g for g in gs)", False),
    ("grads = gs.copy()", False),
])
def test_an_inline_mean_is_safe_only_over_a_sequence_it_can_walk_twice(binding: str,
                                                                        safe: bool) -> None:
    source = ("import torch\ndef f(gs):\n    " + binding + "\n"
              "    return torch.cat([g.float().view(-1) for g in grads]).mean().item()\n")
    [finding] = findings(source)
    assert finding.fix is not None
    assert (finding.fix.applicability is Applicability.SAFE) is safe, finding.message
    if not safe:
        assert "a one-shot iterator would be empty the second time" in (finding.help or "")


@pytest.mark.parametrize(("annotation", "safe"), [
    ("list[torch.Tensor]", True), ("Sequence[torch.Tensor]", True),
    ("tuple[torch.Tensor, ...]", True), ("typing.List[torch.Tensor]", True),
    ("Iterable[torch.Tensor]", False), ("", False),
])
def test_a_parameter_is_walked_twice_only_when_annotated_as_a_sequence(annotation: str,
                                                                        safe: bool) -> None:
    param = f"grads: {annotation}" if annotation else "grads"
    source = (f"import torch\ndef f({param}):\n"
              "    return torch.cat([g.float().view(-1) for g in grads]).mean().item()\n")
    [finding] = findings(source)
    assert finding.fix is not None
    assert (finding.fix.applicability is Applicability.SAFE) is safe, finding.message


def test_an_intermediate_is_named_once_in_the_reason() -> None:
    source = ("import torch\ndef f(grads):\n"
              "    flat = torch.stack([g.float().view(-1) for g in grads])\n"
              "    bad = torch.isnan(flat) | torch.isinf(flat)\n"
              "    return (bad.sum() / flat.numel()).item()\n")
    [finding] = findings(source)
    assert finding.fix is None
    assert "No safe fix: the intermediate `bad` would have to be inlined" in (finding.help or "")


def test_an_inline_mean_counts_the_elements_of_the_tensors_without_casting_them() -> None:
    source = ("import torch\ndef f(grads: list[torch.Tensor]):\n"
              "    return torch.cat([g.float().view(-1) for g in grads]).mean().item()\n")
    assert unwrapped(fixed(source)).endswith(
        "    return (torch.cat([g.float().view(-1).sum().reshape(1) for g in grads]).sum()"
        " / sum(g.numel() for g in grads)).item()\n")
