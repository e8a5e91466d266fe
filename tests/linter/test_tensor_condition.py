"""SYN102 tensor-condition on realistic code: positions, counts, contexts and look-alikes."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from tests.linter.helpers import rule_findings

CODE = "SYN102"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def positions(source: str) -> list[tuple[int, int]]:
    return [(d.location.row, d.location.column) for d in findings(source)]


SEED_LOOP = """\
    import torch

    def check_numerical_stability(model):
        nan_weights, inf_weights, nan_grads, inf_grads = [], [], [], []
        for name, param in model.named_parameters():
            if torch.isnan(param.data).any():
                nan_weights.append(name)
            if torch.isinf(param.data).any():
                inf_weights.append(name)
            if param.grad is not None:
                if torch.isnan(param.grad).any():
                    nan_grads.append(name)
                if torch.isinf(param.grad).any():
                    inf_grads.append(name)
        return nan_weights, inf_weights, nan_grads, inf_grads
"""


def test_seed_nan_inf_loop_has_exactly_four_findings() -> None:
    assert positions(SEED_LOOP) == [(6, 12), (8, 12), (11, 16), (13, 16)]


def test_seed_findings_say_every_iteration_and_end_at_the_condition() -> None:
    first = findings(SEED_LOOP)[0]
    assert "on every loop iteration" in first.message
    assert first.message.startswith("`if` test")
    assert (first.end_location.row, first.end_location.column) == (6, 41)
    assert first.fix is not None and first.fix.applicability.value == "safe"
    assert first.confidence == "high"


def test_guarded_condition_reports_only_the_tensor_operand() -> None:
    source = """\
        import torch

        def inf_grads(model):
            names = []
            for name, param in model.named_parameters():
                if param.grad is not None and torch.isinf(param.grad).any():
                    names.append(name)
            return names
    """
    assert positions(source) == [(6, 39)]


def test_condition_outside_a_loop_is_one_sync_not_every_iteration() -> None:
    source = """\
        import torch

        def maybe_skip(loss: torch.Tensor) -> bool:
            if torch.isnan(loss):
                return True
            return False
    """
    (finding,) = findings(source)
    assert (finding.location.row, finding.location.column) == (4, 8)
    assert "every iteration" not in finding.message
    assert "one sync" in finding.message


def test_while_test_is_every_iteration_even_at_module_level() -> None:
    source = """\
        import torch
        x = torch.randn(3, device="cuda")
        while x.norm() > 1:
            x = x / 2
    """
    (finding,) = findings(source)
    assert finding.message.startswith("`while` test")
    assert "on every loop iteration" in finding.message


def test_elif_is_named_in_the_message() -> None:
    source = """\
        import torch

        def classify(t: torch.Tensor) -> str:
            if t.isnan().any():
                return "nan"
            elif t.isinf().any():
                return "inf"
            return "ok"
    """
    found = findings(source)
    assert [(d.location.row, d.message.split()[0]) for d in found] == [(4, "`if`"), (6, "`elif`")]


def test_nested_loops_with_tuple_unpacking_and_zip() -> None:
    source = """\
        import torch

        def compare(models: list[torch.nn.Module]):
            mismatched = []
            for model in models:
                for (name, a), b in zip(model.named_parameters(), models[0].parameters()):
                    if not torch.equal(a, b):
                        mismatched.append(name)
                    if (a - b).abs().max() > 1e-3:
                        mismatched.append(name)
            return mismatched
    """
    # torch.equal returns a Python bool (it syncs inside, but is not a tensor test).
    assert positions(source) == [(9, 16)]


def test_and_or_operands_in_a_test_are_all_reported() -> None:
    source = """\
        import torch

        def f(x: torch.Tensor, ready: bool):
            if ready and (x.any() or x.sum() > 0):
                return 1
            return 0
    """
    assert positions(source) == [(4, 19), (4, 30)]


def test_stored_bool_operation_reports_only_its_left_operand() -> None:
    source = """\
        import torch

        def f(x: torch.Tensor, y: torch.Tensor):
            either = x.any() or y.any()
            return either
    """
    (finding,) = findings(source)
    assert (finding.location.row, finding.location.column) == (4, 14)
    assert finding.message.startswith("`or` operand")


def test_not_ternary_and_assert_are_reported() -> None:
    source = """\
        import torch

        def f(x: torch.Tensor):
            assert torch.isfinite(x).all(), "non-finite input"
            sign = 1 if (x > 0).all() else -1
            if not x.any():
                return 0
            return sign
    """
    found = findings(source)
    assert [(d.location.row, d.message.split(" uses")[0]) for d in found] == [
        (4, "`assert`"),
        (5, "Conditional expression test"),
        (6, "`not` operand"),
    ]


def test_comprehension_if_clause_is_every_iteration() -> None:
    source = """\
        import torch

        def finite_grads(params: list[torch.Tensor]) -> list[torch.Tensor]:
            return [p.grad for p in params if p.grad is not None and p.grad.isfinite().all()]
    """
    (finding,) = findings(source)
    assert (finding.location.row, finding.location.column) == (4, 62)
    assert "every comprehension iteration" in finding.message


def test_any_over_a_generator_reports_the_element_once() -> None:
    source = """\
        import torch

        def has_nan(model: torch.nn.Module) -> bool:
            return any(torch.isnan(p).any() for p in model.parameters())
    """
    (finding,) = findings(source)
    assert (finding.location.row, finding.location.column) == (4, 16)
    assert "every iteration" in finding.message
    assert "one per element" in finding.message


def test_all_over_a_list_of_tensors_reports_the_argument() -> None:
    source = """\
        import torch

        def all_finite(flags: list[torch.Tensor]) -> bool:
            return all(flags)
    """
    assert positions(source) == [(4, 16)]


def test_any_with_a_guarded_generator() -> None:
    source = """\
        import torch

        def any_bad_grad(model) -> bool:
            return any(
                torch.isinf(p.grad).any() or torch.isnan(p.grad).any()
                for p in model.parameters()
                if p.grad is not None
            )
    """
    assert positions(source) == [(5, 9), (5, 38)]


def test_aliased_torch_import_and_from_import() -> None:
    source = """\
        import torch as T
        from torch import isnan

        def f(ps: list[T.Tensor]):
            for p in ps:
                if T.isinf(p).any():
                    pass
                if isnan(p).any():
                    pass
    """
    assert positions(source) == [(6, 12), (8, 12)]


def test_noqa_suppresses_the_finding() -> None:
    source = """\
        import torch

        def f(ps: list[torch.Tensor]):
            for p in ps:
                if p.isnan().any():  # noqa: SYN102
                    pass
                if p.isinf().any():  # noqa: SYN101
                    pass
    """
    assert positions(source) == [(7, 12)]


@pytest.mark.parametrize(
    "condition",
    [
        "t is None",
        "t is not None and t.requires_grad",
        "t.numel()",
        "t.shape[0]",
        "t.shape[0] > 1",
        "len(t)",
        "t.is_cuda",
        "t.requires_grad",
        "t.dim() == 2",
        "t.item() > 0",
        "float(t.sum().item()) < 1.0",
        "t.dtype == torch.float16",
        "isinstance(t, torch.Tensor)",
        "t.cpu().any()",
        "n > 3",
        "arr.any()",
        "batch",
    ],
)
def test_host_values_in_a_loop_are_not_reported(condition: str) -> None:
    source = f"""\
        import torch
        import numpy as np

        def f(ts: list[torch.Tensor], n: int, arr: np.ndarray, loader):
            for t, batch in zip(ts, loader):
                if {condition}:
                    pass
    """
    assert positions(source) == []


def test_function_defined_in_a_loop_is_one_sync_per_call() -> None:
    source = """\
        import torch

        for i in range(3):
            def check(t: torch.Tensor) -> bool:
                if t.any():
                    return True
                return False
    """
    (finding,) = findings(source)
    assert "every iteration" not in finding.message
