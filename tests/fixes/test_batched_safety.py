"""Every safety check of the batched fix earns its place: with the check, the fix is
refused (or only unsafe); with the check switched off, the fix synclint would then apply
is executed and computes something else (a value, a type, an exception, the order of
output, or more syncs). A mutation that weakens a check fails here."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import torch

from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.fixes import batched_checks, batched_shapes, batched_values, batched_write
from synclint.runtime import count_syncs
from tests.fixes.host_values import Meter

CODES = ("SYN101", "SYN102")


@dataclass(frozen=True)
class Case:
    #: The switched-off check, as `Class.method` (Checks, Values or Shapes).
    check: str
    #: What switching the check off does: "skip" (a no-op), "true" or "false" (a
    #: constant result).
    off: str
    source: str
    args: Callable[[], tuple[Any, ...]]
    #: Without the check the fix must at least be applied with --unsafe-fixes; with it,
    #: "none" (no fix) or "unsafe" (not applied by default).
    expect: str
    #: The difference to show: "result" (value, type or exception) or "syncs".
    differs_in: str = "result"
    reason: str = ""


def _pairs() -> tuple[Any, ...]:
    a, b = torch.tensor([1.0]), torch.tensor([2.0])
    return ([(a, b), (b, a)],)


def _progress_args() -> tuple[Any, ...]:
    return ([torch.tensor(0.5), torch.tensor(1.5)], [])



CASES = [
    Case("Checks.check_early_exit", "skip", """\
        import torch

        def f(ts: list[torch.Tensor]) -> bool:
            for t in ts:
                if t.count_nonzero() != 0:
                    return False
            return True
        """, lambda: ([torch.ones(2), torch.empty(3, device="meta")],), "none",
         reason="can stop early (`return`)"),
    Case("Checks.check_conditional_read", "skip", """\
        import torch

        def f(rows: list[torch.Tensor]) -> list[float]:
            firsts = []
            for row in rows:
                if (row > 0).any():
                    firsts.append(row[0].item())
            return firsts
        """, lambda: ([torch.tensor([1.0, 2.0]), torch.tensor([])],), "none",
         reason="is read only where a tensor condition holds"),
    Case("Values.has_sync", "false", """\
        import torch

        def f(ts: list[torch.Tensor]) -> float:
            total = 0.0
            for t in ts:
                if len(t.nonzero()) > 0:
                    total += t.norm().item()
            return total
        """, lambda: ([torch.ones(2), torch.ones(3), torch.ones(1)],), "none",
         differs_in="syncs", reason="is read only where a tensor condition holds"),
    Case("Checks.check_narrowed", "skip", """\
        import torch
        from tests.fixes.host_values import Meter

        def f(hparams: dict) -> dict:
            out = {}
            for key, value in hparams.items():
                if isinstance(value, Meter):
                    out[key] = value.item()
                else:
                    out[key] = value
            return out
        """, lambda: ({"lr": Meter(0.5), "epochs": Meter(3), "name": "run"},),
         "none", reason="narrowed by `isinstance`"),
    Case("Checks.check_depends_on_loop", "skip", """\
        import torch

        def advance(counter):
            counter.add_(1)

        def f(steps: list[int], counter: torch.Tensor) -> list[float]:
            seen = []
            for step in steps:
                advance(counter)
                seen.append(counter.sum().item() + step)
            return seen
        """, lambda: ([0, 0, 0], torch.zeros(())), "none",
         reason="does not depend on the loop variable"),
    Case("Checks.write", "skip", """\
        import torch

        def f(ps: list[torch.Tensor]) -> list[float]:
            out = []
            for p in ps:
                p.mul_(2)
                out.append(p.sum().item())
            return out
        """, lambda: ([torch.ones(2), torch.ones(3)],), "none",
         reason="before reading it"),
    Case("Checks.check_iterable_readable_twice", "false", """\
        import torch

        def progress(items, events):
            for item in items:
                events.append("tick")
                yield item

        def f(losses: list[torch.Tensor], events: list) -> list:
            for loss in progress(losses, events):
                events.append(loss.item())
            return events
        """, _progress_args, "none", reason="may be a generator"),
    Case("Checks.check_iterable_unchanged", "skip", """\
        import torch

        def f(ts: list[torch.Tensor]) -> list[float]:
            out = []
            for t in ts:
                out.append(t.sum().item())
                if t.numel() < 3:
                    ts.append(torch.ones(3))
            return out
        """, lambda: ([torch.ones(2)],), "none", reason="the sequence it iterates over"),
    Case("Values.sync_free", "true", """\
        import torch

        def f(params: list[torch.Tensor], scales: list) -> float:
            total = 0.0
            for p, scale in zip(params, scales):
                if scale > 0:
                    total += p.norm().item()
            return total
        """, lambda: ([torch.ones(2), torch.ones(3), torch.ones(1)],
                      [torch.tensor(1.0), torch.tensor(-1.0), torch.tensor(2.0)]),
         "none", differs_in="syncs", reason="is read only where a tensor condition holds"),
    Case("Shapes.uniform", "true", """\
        import torch

        def f(metrics: dict[str, torch.Tensor]) -> dict:
            return {key: value.item() for key, value in metrics.items()}
        """, lambda: ({"count": torch.tensor(16777217), "ok": torch.tensor(False),
                       "loss": torch.tensor(0.5)},), "safe"),
    Case("Checks.augmented_effect", "skip", """\
        import torch

        def f(pairs: list[tuple[torch.Tensor, torch.Tensor]]) -> list[float]:
            out = []
            for a, b in pairs:
                out.append(b.sum().item())
                a += 1
            return out
        """, _pairs, "unsafe", reason="may modify a tensor in place"),
    Case("Checks.call_effect", "skip", """\
        import torch

        def bump(t):
            t.add_(1)

        def f(ts: list[torch.Tensor]) -> list[float]:
            out = []
            for t in ts:
                out.append(t.sum().item())
                bump(ts[-1])
            return out
        """, lambda: ([torch.ones(1), torch.ones(1), torch.ones(1)],), "unsafe",
         reason="the loop calls `bump()`"),
    Case("Checks.early_exit_verdict", "skip", """\
        import torch

        def f(ts: list[torch.Tensor]) -> bool:
            return any(torch.isnan(t).any() for t in ts)
        """, lambda: ([torch.tensor([float("nan")]), torch.empty(2, device="meta")],),
         "unsafe", reason="`any()` stops at the first true element"),
    Case("Checks.check_proven", "skip", """\
        import torch

        def f(stats) -> list:
            return [value.item() for value in stats]
        """, lambda: ([np.float32(0.5), np.float32(2)],), "unsafe",
         reason="may not be a tensor"),
]


def _fixed(source: str, *, unsafe: bool) -> str:
    result = fix_source(source, "example.py", CODES, unsafe=unsafe)
    assert result.error is None
    return result.text


def _load(source: str, name: str) -> ModuleType:
    module = ModuleType(name)
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def _run(module: ModuleType, args: tuple[Any, ...]) -> tuple[str, int]:
    with count_syncs("emulated") as syncs:
        try:
            value = module.f(*args)
        except Exception as error:  # noqa: BLE001  # the difference may be an exception
            return f"raised {type(error).__name__}", syncs.total
    return repr(_typed(value)), syncs.total


def _typed(value: Any) -> Any:
    """A result with every value's type spelled out (`1` and `1.0` differ)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


def _switch_off(monkeypatch: pytest.MonkeyPatch, case: Case) -> None:
    def constant(result: Any) -> Callable[..., Any]:
        return lambda *args, **kwargs: result

    replacement = {"skip": constant(None), "true": constant(True),
                   "false": constant(False)}[case.off]
    owner, method = case.check.split(".")
    classes = {"Checks": batched_checks.Checks, "Values": batched_values.Values,
               "Shapes": batched_shapes.Shapes}
    monkeypatch.setattr(classes[owner], method, replacement)


@pytest.mark.parametrize("case", CASES, ids=[case.check for case in CASES])
def test_the_check_keeps_the_fix_from_changing_results(case: Case) -> None:
    source = textwrap.dedent(case.source)
    assert _fixed(source, unsafe=False) == source or case.expect == "safe"
    if case.expect == "none":
        assert _fixed(source, unsafe=True) == source
    diagnostics = [d for d in lint_source(source, "example.py", CODES).diagnostics
                   if d.code in CODES]
    assert diagnostics
    if case.reason:
        assert any(case.reason in (d.help or "") for d in diagnostics), \
            [d.help for d in diagnostics]
    if case.expect == "safe":
        # The check changes how the fix is written, not whether: run it as it is.
        naive = _load(source, "naive")
        rewritten = _load(_fixed(source, unsafe=False), "fixed")
        assert _run(naive, case.args()) == _run(rewritten, case.args())


@pytest.mark.parametrize("case", CASES, ids=[case.check for case in CASES])
def test_without_the_check_the_fix_changes_results(monkeypatch: pytest.MonkeyPatch,
                                                   case: Case) -> None:
    source = textwrap.dedent(case.source)
    _switch_off(monkeypatch, case)
    text = _fixed(source, unsafe=True)
    assert text != source, "without the check the fix should be offered"
    naive_value, naive_syncs = _run(_load(source, "naive"), case.args())
    fixed_value, fixed_syncs = _run(_load(text, "fixed"), case.args())
    if case.differs_in == "syncs":
        assert naive_value == fixed_value
        assert fixed_syncs > naive_syncs
    else:
        assert naive_value != fixed_value


# -- the column form: several reads per element, dtypes not known -------------------------

_COLUMNS = """\
    import torch

    def f(batches: list[tuple[torch.Tensor, torch.Tensor]]) -> list[tuple[object, object]]:
        out = []
        for batch in batches:
            out.append((batch[0].item(), batch[1].item()))
        return out
    """

#: What each part of the column form keeps, with an input that shows it: the same fix
#: without that part computes something else.
_COLUMN_PARTS = {
    # A count next to a loss: each column is stacked in its own dtype, where one check
    # over all values would read them one by one (exact, with one sync per value).
    "per column": ("len({tuple((r.device, r.dtype) for r in row) for row in reads})",
                   "len({(r.device, r.dtype) for row in reads for r in row})",
                   [(torch.tensor(2**53 + 1), torch.tensor(0.5)),
                    (torch.tensor(3), torch.tensor(1.5))]),
    # A column of an int in one row and a float in the next: read one by one.
    "dtype in the key": ("(r.device, r.dtype) for r in row", "(r.device,) for r in row",
                         [(torch.tensor(2**53 + 1), torch.tensor(True)),
                          (torch.tensor(0.5), torch.tensor(False))]),
    # A 0-d value next to a one-element vector: `.item()` takes both, a stack does not.
    "one-element views": ("torch.cat([r.view(1) for r in c])", "torch.stack(c)",
                          [(torch.tensor(1.0), torch.tensor(2)),
                           (torch.tensor([3.0]), torch.tensor(4))]),
    # One-element vectors everywhere: their stack is (n, 1), its list nested.
    "flat values": ("torch.cat([r.view(1) for r in c])", "torch.stack(c)",
                    [(torch.tensor([1.0]), torch.tensor([2])),
                     (torch.tensor([3.0]), torch.tensor([4]))]),
}


def test_the_column_form_keeps_every_value_and_type() -> None:
    source = textwrap.dedent(_COLUMNS)
    fixed = _fixed(source, unsafe=True)
    assert "for c in zip(*reads, strict=True)" in fixed, fixed
    naive, rewritten = _load(source, "naive"), _load(fixed, "fixed")
    inputs = [[], [(torch.tensor(7), torch.tensor(True))],
              *(rows for _, _, rows in _COLUMN_PARTS.values())]
    for rows in inputs:
        assert _run(rewritten, (rows,))[0] == _run(naive, (rows,))[0], rows
    # Columns of one dtype each: one transfer per column, not one per element.
    rows = [(torch.tensor(i), torch.tensor(i / 2)) for i in range(5)]
    assert _run(rewritten, (rows,)) == (_run(naive, (rows,))[0], 2)


@pytest.mark.parametrize("part", sorted(_COLUMN_PARTS))
def test_without_each_part_the_column_form_changes_results(part: str) -> None:
    source = textwrap.dedent(_COLUMNS)
    fixed = _fixed(source, unsafe=True)
    kept, dropped, rows = _COLUMN_PARTS[part]
    assert kept in fixed, fixed
    weakened = fixed.replace(kept, dropped)
    naive = _run(_load(source, "naive"), (rows,))
    if part == "per column":
        assert _run(_load(weakened, "weakened"), (rows,)) == naive
        assert _run(_load(fixed, "fixed"), (rows,)) == (naive[0], 2) and naive[1] == 4
    else:
        assert _run(_load(weakened, "weakened"), (rows,))[0] != naive[0]


def test_the_column_loop_of_the_fix_is_not_flagged_but_a_look_alike_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from synclint.rules import sync_in_loop
    from tests.linter.helpers import rule_findings

    template = """\
        import torch

        def f(rows: list[tuple[torch.Tensor, torch.Tensor]]) -> list[list[float]]:
            alike = len({tuple((r.device, r.dtype) for r in row) for row in rows}) < 2
            return VALUES
        """
    own = ("[torch.cat([r.view(1) for r in c]).tolist() if alike else [r.item() for r in c] "
           "for c in zip(*rows, strict=True)]")
    assert rule_findings("SYN101", template.replace("VALUES", own)) == []
    # Another reshape, a loop over the rows themselves, no fallback.
    for values in (own.replace(".view(1)", ".view(-1)"),
                   own.replace("zip(*rows, strict=True)", "rows"),
                   "[torch.cat([r.view(1) for r in c]).tolist() for c in zip(*rows)]"):
        assert rule_findings("SYN101", template.replace("VALUES", values)), values
    monkeypatch.setattr(sync_in_loop, "loops_over_columns", lambda loop: False)
    assert rule_findings("SYN101", template.replace("VALUES", own))


_PAIRS = """\
    import torch

    def f(a: torch.Tensor, b: torch.Tensor) -> list[float]:
        pairs = list(zip(a, b))
        out = []
        for low, high in pairs:
            out.append(high.item() - low.item())
        return out
    """


def test_a_list_of_the_rows_read_is_not_copied_and_keeps_its_variable_names() -> None:
    source = textwrap.dedent(_PAIRS)
    fixed = _fixed(source, unsafe=True)
    assert "for c in zip(*pairs, strict=True)" in fixed and "reads" not in fixed, fixed
    assert "for low, high in zip(*values, strict=True):" in fixed
    assert "out.append(high - low)" in fixed
    naive, rewritten = _load(source, "naive"), _load(fixed, "fixed")
    for args in ((torch.tensor([1, 2**53 + 1]), torch.tensor([0.5, 2.5])),
                 (torch.tensor([1.0]), torch.tensor([3], dtype=torch.int16)),
                 (torch.tensor([]), torch.tensor([]))):
        assert _run(rewritten, args) == (_run(naive, args)[0], min(2, len(args[0]) * 2))


@pytest.mark.parametrize("loop", [
    "for low, high in pairs:\n        out.append(high.item() - high.item())",  # one twice
    "for low, high in pairs:\n        out.append(high.item() + len(out))",  # one unread
    "for low, high in reversed(pairs):\n        out.append(high.item() - low.item())",  # call
    "for low, high in pairs:\n        out.append(high.item() - low.item() if low.numel() else 0)",
])
def test_the_rows_are_copied_unless_they_are_the_variables_of_a_list(loop: str) -> None:
    source = textwrap.dedent(_PAIRS).replace(
        "for low, high in pairs:\n        out.append(high.item() - low.item())", loop)
    assert loop in source
    fixed = _fixed(source, unsafe=True)
    assert fixed != source and "zip(*pairs" not in fixed, fixed
    args = (torch.tensor([1.0, 2.0]), torch.tensor([0.5, 2.5]))
    assert _run(_load(fixed, "fixed"), args)[0] == _run(_load(source, "naive"), args)[0]


# -- several guarded reads, taken in order with `next(values)` ------------------------------

_IN_ORDER = """\
    import torch

    def f(model: torch.nn.Module) -> dict[str, tuple[float, float | None]]:
        out = {}
        for name, p in model.named_parameters():
            weight = p.data.norm().item()
            grad = p.grad.norm().item() if p.grad is not None else None
            out[name] = (weight, grad)
        return out
    """

_SAME_STATEMENT = """\
    import torch

    def f(rows: list[tuple[torch.Tensor, torch.Tensor, object]]) -> dict[int, float]:
        d = {0: 0.0, 1: 0.0, 5: 0.0}
        for k, v, g in rows:
            if g is not None:
                d[k.item()] += v.item()
        return d
    """


def _guarded_model() -> torch.nn.Module:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Linear(2, 1))
    model(torch.randn(4, 3)).sum().backward()
    model[0].bias.grad = None
    return model


def test_several_guarded_reads_are_taken_in_order_where_the_guards_hold() -> None:
    source = textwrap.dedent(_IN_ORDER)
    fixed = _fixed(source, unsafe=False)
    assert "grad = next(values) if p.grad is not None else None" in fixed, fixed
    assert "for name, p in model.named_parameters():" in fixed
    naive, rewritten = _load(source, "naive"), _load(fixed, "fixed")
    for model in (_guarded_model(), torch.nn.Sequential()):
        value, syncs = _run(rewritten, (model,))
        assert value == _run(naive, (model,))[0]
        assert syncs == (1 if list(model.parameters()) else 0)


def test_reads_in_one_statement_keep_their_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """`d[k.item()] += v.item()` reads `k` first, though the analysis meets `v` first."""
    source = textwrap.dedent(_SAME_STATEMENT)
    rows = [(torch.tensor(1), torch.tensor(2.5), 1), (torch.tensor(5), torch.tensor(0.5), None),
            (torch.tensor(0), torch.tensor(1.0), 1)]
    naive = _run(_load(source, "naive"), (rows,))[0]
    fixed = _fixed(source, unsafe=True)
    assert "next(values)" not in fixed and _run(_load(fixed, "fixed"), (rows,))[0] == naive
    monkeypatch.setattr(batched_write.Writer, "in_statement_order", lambda self: True)
    text = _fixed(source, unsafe=True)
    assert "d[next(values)] += next(values)" in text
    assert _run(_load(text, "fixed"), (rows,))[0] != naive


def test_a_range_whose_bound_calls_a_function_is_not_evaluated_twice() -> None:
    """`range(0 + width())` runs `width()` each time it is evaluated: the fix iterates it
    once, as the loop did."""
    source = textwrap.dedent("""\
        import torch

        calls = []

        def width() -> int:
            calls.append(1)
            return 2

        def f(ts: list[torch.Tensor]) -> tuple[list[float], int]:
            out = []
            for i in range(0 + width()):
                out.append(ts[i].sum().item())
            return out, len(calls)
        """)
    fixed = _fixed(source, unsafe=True)
    args = ([torch.tensor([1.0, 2.0]), torch.tensor([3.5])],)
    assert _run(_load(fixed, "fixed"), args)[0] == _run(_load(source, "naive"), args)[0]
