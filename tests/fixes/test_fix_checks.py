"""Checks of the fixer that mutation testing (`benchmarks/mutation.py`) showed no test
exercised: weakening any of them left every other test passing. Each test here executes the
fix against the original, or asserts the exact reason a fix is refused or made unsafe."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import pytest
import torch
from torch import nn

from synclint.diagnostics import Applicability, Diagnostic
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.runtime import count_syncs
from tests.fixes.differential import compare

BATCHED = ("SYN101", "SYN102")


def _fixed(source: str, codes: Sequence[str], *, unsafe: bool = False) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", codes, unsafe=unsafe)
    assert result.error is None and not result.discarded
    return result.text


def _findings(source: str, codes: Sequence[str]) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", codes)
    return [d for d in output.diagnostics if d.code in codes]


def _load(source: str, name: str) -> ModuleType:
    module = ModuleType(name)
    exec(compile(textwrap.dedent(source), f"<{name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def _call(source: str, function: str, *args: Any) -> Any:
    return getattr(_load(source, "naive_or_fixed"), function)(*args)


# --- batched (SYN101 / SYN102): what the loop calls, what guards it, what it iterates ---------

def test_a_generator_joined_into_a_string_is_read_in_one_safe_transfer() -> None:
    source = """\
        import torch

        def report(values: list[torch.Tensor]) -> str:
            return ", ".join(f"{v.item():.3f}" for v in values)
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = _fixed(source, BATCHED)
    assert "torch.stack(" in text
    # Values of one dtype: one transfer. Of several: one read each, as the loop did (one
    # stack would give back 3.0 for the int 3 and 1.0 for True).
    alike = [torch.tensor(1.5), torch.tensor(-2.25), torch.tensor(3.0)]
    with count_syncs("emulated") as syncs:
        fixed = _call(text, "report", alike)
    assert fixed == _call(source, "report", alike) == "1.500, -2.250, 3.000"
    assert syncs.total == 1
    values = [torch.tensor(1.5), torch.tensor(-2.25), torch.tensor(3), torch.tensor(True)]
    naive = _call(source, "report", values)
    assert naive == "1.500, -2.250, 3.000, 1.000"
    assert compare(naive, _call(text, "report", values)) == []


#: A tensor the guards below skip, and which cannot be read: on the meta device, 1-d,
#: empty, float16, not requiring grad.
def _params_with_an_unreadable_one() -> list[torch.Tensor]:
    return [torch.ones(2, 2, requires_grad=True),
            torch.empty(0, dtype=torch.float16, device="meta"),
            torch.full((3, 2), 2.0, requires_grad=True)]


def _guarded_totals(guard: str) -> str:
    return f"""\
        import torch

        def totals(params: list[torch.Tensor], ref: torch.Tensor) -> list[float]:
            out = []
            for p in params:
                if {guard}:
                    out.append(p.sum().item())
            return out
        """


@pytest.mark.parametrize("guard", [
    "p.requires_grad", "p.ndim > 1", "p.shape[0] > 1", "p.numel()", "p.is_cuda or p.ndim > 1",
    "p.is_leaf and p.ndim > 1", "p.device == ref.device",
])
def test_a_guard_on_tensor_metadata_keeps_skipped_elements_unread(guard: str) -> None:
    """A guard on metadata is a host value: the fix copies it into its first pass, so a
    tensor the loop skips (here, one on the meta device, which cannot be read) is never
    read."""
    source = _guarded_totals(guard)
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = _fixed(source, BATCHED)
    ref = torch.zeros(1)
    naive = _call(source, "totals", _params_with_an_unreadable_one(), ref)
    assert naive == [4.0, 12.0]
    assert compare(naive, _call(text, "totals", _params_with_an_unreadable_one(), ref)) == []


@pytest.mark.parametrize("guard", [
    "not p.is_meta", "p.device.type != 'meta'", "p.element_size() > 2",
    "p.dtype == torch.float32",
])
def test_a_guard_the_fix_does_not_copy_still_keeps_skipped_elements_unread(guard: str) -> None:
    source = _guarded_totals(guard)
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    ref = torch.zeros(1)
    naive = _call(source, "totals", _params_with_an_unreadable_one(), ref)
    assert naive == [4.0, 12.0]
    fixed = _call(_fixed(source, BATCHED), "totals", _params_with_an_unreadable_one(), ref)
    assert compare(naive, fixed) == []


def test_a_torch_linalg_call_in_the_body_keeps_the_fix_safe() -> None:
    source = """\
        import torch

        def norms(grads: list[torch.Tensor]) -> list[float]:
            out = []
            for g in grads:
                n = torch.linalg.vector_norm(g)
                out.append(n.item())
            return out
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    grads = [torch.randn(4, generator=torch.Generator().manual_seed(i)) for i in range(3)]
    text = _fixed(source, BATCHED)
    assert compare(_call(source, "norms", grads), _call(text, "norms", grads)) == []


def test_an_in_place_torch_nn_init_call_makes_the_fix_unsafe() -> None:
    """`torch.nn.init.zeros_(p)` after the read: on a list holding one tensor twice, the
    original reads the zeroed tensor the second time, the fix reads it before any zeroing."""
    source = """\
        import torch

        def norms_then_reset(params: list[torch.Tensor]) -> list[float]:
            norms = []
            for p in params:
                norms.append(p.norm().item())
                torch.nn.init.zeros_(p)
            return norms
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and finding.help.endswith(
        "No safe fix: the loop calls `torch.nn.init.zeros_()`, which may modify the tensors "
        "it reads.")
    assert _fixed(source, BATCHED) == textwrap.dedent(source)
    text = _fixed(source, BATCHED, unsafe=True)

    def distinct() -> list[torch.Tensor]:
        return [torch.full((4,), 1.0), torch.full((4,), 2.0)]

    assert compare(_call(source, "norms_then_reset", distinct()),
                   _call(text, "norms_then_reset", distinct())) == []
    shared = torch.full((4,), 1.0)
    assert _call(source, "norms_then_reset", [shared, shared]) == [2.0, 0.0]
    shared = torch.full((4,), 1.0)
    assert _call(text, "norms_then_reset", [shared, shared]) == [2.0, 2.0]


@pytest.mark.parametrize("annotation", [
    "list[torch.Tensor]", "List[torch.Tensor]", "tuple[torch.Tensor, ...]",
    "Tuple[torch.Tensor, ...]", "Sequence[torch.Tensor]", "MutableSequence[torch.Tensor]",
])
def test_a_parameter_annotated_as_a_sequence_is_iterated_twice_safely(annotation: str) -> None:
    source = f"""\
        from collections.abc import MutableSequence, Sequence
        from typing import List, Tuple

        import torch

        def totals(values: {annotation}) -> list[float]:
            out = []
            for v in values:
                out.append(v.sum().item())
            return out
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    values = [torch.arange(3.0), torch.tensor([0.5, float("nan")])]
    text = _fixed(source, BATCHED)
    assert compare(_call(source, "totals", values), _call(text, "totals", values)) == []


def test_a_parameter_annotated_as_an_iterable_may_be_a_generator() -> None:
    source = """\
        from collections.abc import Iterable

        import torch

        def totals(values: Iterable[torch.Tensor]) -> list[float]:
            out = []
            for v in values:
                out.append(v.sum().item())
            return out
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "`values` may be an iterator (a generator or progress bar)" in (finding.help or "")


def test_a_comprehension_of_an_iterator_is_read_from_one_copy() -> None:
    source = """\
        import torch

        def named_values(items) -> list[tuple[str, float]]:
            return [(name, v.item()) for name, v in items]
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "`items` may be an iterator (a generator or progress bar), which the fix drains " \
        "before the loop body runs" in (finding.help or "")
    text = _fixed(source, BATCHED, unsafe=True)

    def items() -> Any:
        return iter([("a", torch.tensor(1.5)), ("b", torch.tensor(-2.0))])

    naive = _call(source, "named_values", items())
    assert naive == [("a", 1.5), ("b", -2.0)]
    assert compare(naive, _call(text, "named_values", items())) == []


def test_a_comprehension_in_a_class_body_is_not_fixed() -> None:
    """The reads would go into the class body, where a comprehension cannot see them."""
    source = """\
        import torch

        def make(ts: list[torch.Tensor]):
            for _ in range(2):
                class Stats:
                    values = [t.item() for t in ts]
            return Stats.values
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is None
    assert finding.help is not None and finding.help.endswith(
        "No safe fix: a loop in a class body (a comprehension there cannot see the class's "
        "names).")


def test_a_tensor_dict_key_is_not_read() -> None:
    """`{t.sum(): t.item() ...}`: the value is read, the key stays a tensor."""
    source = """\
        import torch

        def by_sum(ts: list[torch.Tensor]) -> dict:
            return {t.sum(): t.item() for t in ts}
        """
    text = _fixed(source, BATCHED)
    assert "{t.sum(): next(values) for t in ts}" in text
    ts = [torch.tensor(1.0), torch.tensor(2.5)]
    naive, fixed = _call(source, "by_sum", ts), _call(text, "by_sum", ts)
    assert all(isinstance(key, torch.Tensor) for key in fixed)
    assert compare(list(naive.values()), list(fixed.values())) == []
    assert compare([k.item() for k in naive], [k.item() for k in fixed]) == []


def test_any_over_the_data_of_parameters_has_an_unsafe_fix_that_computes_the_same() -> None:
    """`.data` cannot raise: the fix may compute every element's condition (unsafe only
    because it no longer stops at the first true one)."""
    source = """\
        import torch

        def has_nan(params: list[torch.Tensor]) -> bool:
            return any(torch.isnan(p.data).any() for p in params)
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "`any()` stops at the first true element; the fix computes every element's " \
        "condition first" in (finding.help or "")
    text = _fixed(source, BATCHED, unsafe=True)
    for params in ([torch.ones(2), torch.tensor([float("nan")])], [torch.ones(3)], []):
        assert compare(_call(source, "has_nan", params), _call(text, "has_nan", params)) == []


def test_any_over_an_attribute_that_may_be_missing_is_not_fixed() -> None:
    """`m.weight` may not exist on a later module (an activation): `any()` stops before it,
    a fix computing every condition first would raise."""
    source = """\
        import torch

        def has_nan(modules: list[torch.nn.Linear]) -> bool:
            return any(torch.isnan(m.weight).any() for m in modules)
        """
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is None
    assert finding.help is not None and finding.help.endswith(
        "No safe fix: `any()` stops at the first true element; the fix would compute "
        "conditions the original never reaches, and they may raise.")
    bad = nn.Linear(2, 2)
    with torch.no_grad():
        bad.weight[0, 0] = float("nan")
    assert _call(source, "has_nan", [bad, nn.ReLU()]) is True


def test_a_gradient_known_not_none_is_read_under_a_tensor_condition() -> None:
    """Below `if p.grad is None: continue`, `p.grad` exists: reading `p.grad.isinf().sum()`
    for every parameter (not only where the tensor condition holds) cannot raise."""
    source = """\
        import torch

        def inf_count(model: torch.nn.Module) -> float:
            total = 0.0
            for p in model.parameters():
                if p.grad is None:
                    continue
                if p.grad.abs().sum() > 0:
                    total += p.grad.isinf().sum().item()
            return total
        """
    finding = _findings(source, BATCHED)[-1]
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = _fixed(source, BATCHED)
    model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 2))
    params = list(model.parameters())
    params[0].grad = torch.tensor([[float("inf"), 1.0, 0.0]] * 3)
    params[2].grad = torch.zeros(2, 3)
    params[3].grad = torch.tensor([float("inf"), float("-inf")])
    naive = _call(source, "inf_count", model)
    assert naive == 5.0
    assert compare(naive, _call(text, "inf_count", model)) == []


def test_a_gradient_known_not_none_in_an_else_branch_is_read_under_a_tensor_condition(
        ) -> None:
    """In the `else:` of `if p.grad is None:`, `p.grad` exists: the same proof as below a
    `continue`, from the negated test."""
    source = """\
        import torch

        def inf_count(model: torch.nn.Module) -> tuple[float, int]:
            total = 0.0
            missing = 0
            for p in model.parameters():
                if p.grad is None:
                    missing += 1
                else:
                    if p.grad.abs().sum() > 0:
                        total += p.grad.isinf().sum().item()
            return total, missing
        """
    finding = _findings(source, BATCHED)[-1]
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = _fixed(source, BATCHED)
    model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 2))
    params = list(model.parameters())
    params[0].grad = torch.tensor([[float("inf"), 1.0, 0.0]] * 3)
    params[2].grad = torch.zeros(2, 3)
    naive = _call(source, "inf_count", model)
    assert naive == (3, 2)
    assert compare(naive, _call(text, "inf_count", model)) == []


def test_a_comparison_of_a_gradient_known_not_none_is_read_under_a_tensor_condition(
        ) -> None:
    """A comparison with a number of a read that cannot raise cannot raise either."""
    source = """\
        import torch

        def large(model: torch.nn.Module) -> int:
            hits = 0
            for p in model.parameters():
                if p.grad is None:
                    continue
                if p.grad.abs().max() > 0:
                    hits += (p.grad.abs().sum() > 1).item()
            return hits
        """
    finding = _findings(source, BATCHED)[-1]
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 2))
    params = list(model.parameters())
    params[0].grad = torch.full((3, 3), 0.5)
    params[1].grad = torch.zeros(3)
    params[2].grad = torch.full((2, 3), 0.01)
    naive = _call(source, "large", model)
    assert naive == 1
    assert compare(naive, _call(_fixed(source, BATCHED), "large", model)) == []


# --- merged reads (SYN112) --------------------------------------------------------------------

MERGED = ("SYN112",)


def test_merged_reads_are_named_after_the_dict_keys_they_fill() -> None:
    source = """\
        import torch

        def metrics(loss: torch.Tensor, acc: torch.Tensor) -> dict[str, float]:
            return {"train_loss": loss.float().item(), "accuracy": acc.float().item()}
        """
    (finding,) = _findings(source, MERGED)
    assert finding.fix is not None
    assert finding.fix.message == "Read the values in one transfer (`torch.stack(...).tolist()`)"
    text = _fixed(source, MERGED, unsafe=True)
    assert "train_loss_value, accuracy_value = torch.stack(" in text
    args = (torch.tensor(0.25), torch.tensor(0.75))
    assert compare(_call(source, "metrics", *args), _call(text, "metrics", *args)) == []


def test_a_comment_between_merged_reads_is_kept() -> None:
    source = """\
        import torch

        def flags(x: torch.Tensor) -> tuple[bool, bool]:
            has_nan = torch.isnan(x).any().item()
            # infinities are checked separately
            has_inf = torch.isinf(x).any().item()
            return has_nan, has_inf
        """
    text = _fixed(source, MERGED)
    assert "    # infinities are checked separately\n    has_inf = " in text
    assert text.count("torch.stack(") == 1
    x = torch.tensor([1.0, float("inf")])
    assert compare(_call(source, "flags", x), _call(text, "flags", x)) == []


def test_a_blank_line_between_merged_reads_does_not_stop_one_unpacking() -> None:
    source = """\
        import torch

        def flags(x: torch.Tensor) -> tuple[bool, bool]:
            has_nan = torch.isnan(x).any().item()

            has_inf = torch.isinf(x).any().item()
            return has_nan, has_inf
        """
    assert _fixed(source, MERGED) == textwrap.dedent("""\
        import torch

        def flags(x: torch.Tensor) -> tuple[bool, bool]:
            has_nan, has_inf = torch.stack(
                [torch.isnan(x).any(), torch.isinf(x).any()]
            ).tolist()
            return has_nan, has_inf
        """)


def test_reads_of_one_element_tensors_of_any_shape_keep_their_values() -> None:
    """`x[0]` of a column is a one-element tensor of shape (1,): `.item()` reads it, and so
    does the merge (`.view(())`), where stacking it as it is would give nested lists."""
    source = """\
        import torch

        def ends(x: torch.Tensor) -> tuple[float, float]:
            first = x[0].float().item()
            second = x[1].float().item()
            return first, second
        """
    text = _fixed(source, MERGED, unsafe=True)
    assert ".view(())" in text
    for x in (torch.tensor([1.0, 2.0]), torch.tensor([[1.0], [2.0]])):
        assert compare(_call(source, "ends", x), _call(text, "ends", x)) == []
    assert _call(text, "ends", torch.tensor([[1.0], [2.0]])) == (1.0, 2.0)
    wide = torch.tensor([[1.0, 3.0], [2.0, 4.0]])
    with pytest.raises(RuntimeError):
        _call(source, "ends", wide)
    with pytest.raises(RuntimeError):
        _call(text, "ends", wide)


# --- float64 (SYN301) -------------------------------------------------------------------------

def test_the_refused_float64_fix_gives_its_reason_as_a_sentence() -> None:
    source = """\
        import torch

        def track(state, g: torch.Tensor) -> None:
            state.last_norm = (g.float() ** 2).sum()
        """
    (finding,) = _findings(source, ("SYN301",))
    assert finding.fix is None
    assert finding.help is not None and finding.help.endswith(
        "No safe fix: the squared norm stays a tensor of the original dtype, where it "
        "overflows as before: only its square root, or a read as a Python number, gains "
        "from float64.")


def test_a_guard_neither_on_tensor_values_nor_known_host_refuses_the_fix() -> None:
    """`if not p.offloaded:` (a flag the code set on its tensors) reads no tensor, yet
    nothing proves it a host value the fix could copy: without it the first pass would
    read the skipped meta tensor, so there is no fix."""
    source = _guarded_totals("not p.offloaded")
    params = _params_with_an_unreadable_one()
    for p in params:
        p.offloaded = p.is_meta  # type: ignore[attr-defined]
    assert _call(source, "totals", params, torch.zeros(1)) == [4.0, 12.0]
    (finding,) = _findings(source, BATCHED)
    assert finding.fix is None
    assert finding.help is not None and "`not p.offloaded` may skip elements" in finding.help


def test_a_value_read_that_draws_random_numbers_gets_no_batched_fix(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop reseeds before each draw: a first pass would draw every number first, so
    every element but the first would get another number."""
    import synclint.fixes.batched_values as batched_values

    source = """\
        import torch

        def noisy(ts: list[torch.Tensor]) -> list[float]:
            out = []
            for t in ts:
                torch.manual_seed(0)
                out.append((t + torch.rand(())).item())
            return out
        """
    assert _fixed(source, BATCHED, unsafe=True) == textwrap.dedent(source)
    monkeypatch.setattr(batched_values, "_RANDOM_OPS", frozenset())
    text = _fixed(source, BATCHED, unsafe=True)
    ts = [torch.tensor(1.0), torch.tensor(2.0)]
    assert "torch.stack(" in text
    assert compare(_call(source, "noisy", ts), _call(text, "noisy", ts)) != []


def test_reads_of_one_tensors_elements_take_one_list() -> None:
    """`votes[0].item()` and `votes[1].item()` of a tensor the code makes: one list of it,
    no stack. `torch.tensor` of comparisons is 1-D (of tensors of one value too; of several,
    it raises): no flatten."""
    source = """\
        import torch

        def decide(x: torch.Tensor) -> tuple[bool, bool]:
            votes = torch.tensor([x.sum() > 0, x.mean() > 1], device=x.device)
            return bool(votes[0].item()), bool(votes[1].item())
        """
    (finding,) = _findings(source, MERGED)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    text = _fixed(source, MERGED)
    assert "votes_list = votes.tolist()" in text and "torch.stack" not in text
    assert "return bool(votes_list[0]), bool(votes_list[1])" in text
    for x in (torch.tensor([1.0, 3.0]), torch.tensor([-1.0, 0.5]), torch.tensor([0.5, 0.1])):
        assert compare(_call(source, "decide", x), _call(text, "decide", x)) == []


def test_reads_of_unknown_dtypes_from_two_tensors_get_no_fix() -> None:
    """An int64 index next to a float32 value: one stack would make the index a float."""
    source = """\
        import torch

        def best(scores: torch.Tensor, ids: torch.Tensor) -> tuple[object, object]:
            top = scores.max()
            where = ids.argmax()
            return top.item(), where.item()
        """
    (finding,) = _findings(source, MERGED)
    assert finding.fix is None
    assert "one `torch.stack` of an int and a float" in (finding.help or "")


def test_reads_handed_to_lightning_log_dict_are_passed_as_tensors_not_stacked() -> None:
    """In a `training_step`, `self.log_dict({"a": x.item(), "b": y.item()})`: SYN106 passes
    the tensors (Lightning reads them only at its logging interval); SYN112 does not stack
    them, which would keep a sync on every step and hide it from SYN106."""
    source = """\
        import lightning.pytorch as pl

        class M(pl.LightningModule):
            def training_step(self, batch, i):
                x = self.net(batch).float().mean()
                y = self.net(batch).float().max()
                self.log_dict({"a": x.item(), "b": y.item()})
                return x
        """
    assert _findings(source, MERGED) == []
    text = _fixed(source, ("SYN106", *MERGED), unsafe=True)
    assert 'self.log_dict({"a": x, "b": y})' in text and "torch.stack" not in text


def test_reads_in_a_path_that_always_raises_are_left_alone() -> None:
    """The reads in an error message run once, on the way out: no finding, no rewrite."""
    source = """\
        import torch

        def check(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
            a = x.float().sum()
            b = y.float().sum()
            if a.item() > 3:
                raise ValueError(f"bad {a.item()} {b.item()}")
            return a
        """
    assert _findings(source, MERGED) == []
    assert _fixed(source, MERGED, unsafe=True) == textwrap.dedent(source)
