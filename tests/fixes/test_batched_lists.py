"""The `.tolist()` forms of the batched fix (fixes/batched_lists.py): a loop over a tensor,
or over zip/enumerate of tensors, iterates `.tolist()`; reads of one tensor's elements take
one `t_list = t.tolist()`. Each test runs the fixed code against the original on normal
inputs and on the edge inputs that decide the form (one-element rows, empty loops, values
Python rounds differently), and counts the syncs."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
import torch

from synclint.diagnostics import Applicability, Diagnostic
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.runtime import count_syncs
from tests.fixes.differential import compare

BATCHED = ("SYN101", "SYN102")


def _fixed(source: str, *, unsafe: bool = False) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", BATCHED, unsafe=unsafe)
    assert result.error is None and not result.discarded
    return result.text


def _findings(source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", BATCHED)
    return [d for d in output.diagnostics if d.code in BATCHED]


def _load(source: str) -> ModuleType:
    module = ModuleType("example")
    exec(compile(textwrap.dedent(source), "<example>", "exec"), module.__dict__)  # noqa: S102
    return module


def _run(source: str, args: tuple[Any, ...]) -> tuple[Any, int]:
    function = _load(source).f
    with count_syncs("emulated") as syncs:
        try:
            value = function(*args)
        except Exception as error:  # noqa: BLE001  # the difference may be an exception
            value = f"raised {type(error).__name__}"
    return value, syncs.total


def _same(source: str, fixed: str, *inputs: Callable[[], tuple[Any, ...]]) -> list[int]:
    """The fixed code computes what the original does on every input (values, Python types,
    dtypes, exceptions); its syncs per input."""
    counts = []
    for make in inputs:
        torch.manual_seed(0)
        naive, _ = _run(source, make())
        torch.manual_seed(0)
        value, syncs = _run(fixed, make())
        assert compare(naive, value) == [], (make(), naive, value)
        counts.append(syncs)
    return counts


def test_a_loop_over_a_1d_tensor_iterates_its_list() -> None:
    source = """\
        import torch

        def f(mask: torch.Tensor) -> list[int]:
            positions = torch.nonzero(mask).flatten()
            out = []
            for position in positions:
                out.append(position.item() * 2)
            return out
        """
    fixed = _fixed(source)
    assert "for position in positions.tolist():" in fixed
    assert "out.append(position * 2)" in fixed
    assert "torch.stack" not in fixed
    syncs = _same(source, fixed, lambda: (torch.tensor([0, 1, 1, 0, 1]),),
                  lambda: (torch.zeros(3, dtype=torch.bool),))
    assert syncs == [2, 1]  # `nonzero`'s own, and the list (nothing to copy when empty)


def test_one_element_rows_of_unknown_rank_keep_their_values() -> None:
    """`.item()` accepts a row of shape (1,): `.reshape(len(column)).tolist()` gives its
    value, where `.tolist()` would give one-element lists (and raises for rows of several
    values, where `.flatten()` gave values)."""
    source = """\
        import torch

        def f(scores: torch.Tensor) -> list[float]:
            column = scores.sum(dim=1, keepdim=True)
            return [float(s) for s in column]
        """
    fixed = _fixed(source)
    assert "for s in column.reshape(len(column)).tolist()" in fixed
    _same(source, fixed, lambda: (torch.randn(4, 3),), lambda: (torch.ones(0, 2),))


def test_a_read_skipped_on_some_rows_of_unknown_rank_keeps_the_stacked_form() -> None:
    """With the read under a guard, rows of several values are fine where it is skipped:
    `.flatten()` would change the number of iterations, so the form is not used."""
    source = """\
        import torch

        def f(rows: torch.Tensor, keep: list[bool]) -> list[float]:
            block = rows * 2
            out = []
            for row, k in zip(block, keep):
                if k:
                    out.append(row.item())
            return out
        """
    fixed = _fixed(source, unsafe=True)
    assert ".flatten()" not in fixed
    _same(source, fixed, lambda: (torch.randn(3, 1), [True, False, True]),
          lambda: (torch.randn(2, 3), [False, False]))


def test_zip_and_enumerate_of_tensors_and_lists_read_the_tensors_once() -> None:
    source = """\
        import torch

        def f(mask: torch.Tensor, names: list[str]) -> dict[str, int]:
            ids = torch.nonzero(mask).flatten()
            found = {}
            for name, i in zip(names, ids):
                found[name] = i.item()
            for j, v in enumerate(ids):
                if v > 0:
                    found[str(j)] = 1
            return found
        """
    fixed = _fixed(source)
    assert "zip(names, ids.tolist())" in fixed
    assert "enumerate(ids.tolist())" in fixed
    syncs = _same(source, fixed, lambda: (torch.tensor([1, 0, 1, 1]), ["a", "b", "c"]),
                  lambda: (torch.tensor([0, 0]), ["a"]))
    assert syncs == [3, 1]  # `nonzero`'s own and one list per loop (none of nothing)


def test_reads_of_one_tensors_elements_take_one_list() -> None:
    source = """\
        import torch

        def f(x: torch.Tensor, n: int) -> list[float]:
            totals = x.sum(dim=1)
            out = []
            for k in range(n):
                if totals[k] > 0:
                    out.append(totals[k].item())
            return out
        """
    # Of unknown rank, the list is unsafe (see test_malformed_rows.py): `fix --unsafe-fixes`.
    fixed = _fixed(source, unsafe=True)
    assert "totals_list = totals.flatten().tolist()" in fixed
    assert "if totals_list[k] > 0:" in fixed and "out.append(totals_list[k])" in fixed
    syncs = _same(source, fixed, lambda: (torch.randn(4, 3), 4), lambda: (torch.randn(2, 2), 3),
                  lambda: (torch.randn(3, 1), 2))
    assert syncs[0] == 1


def test_a_module_parameter_read_by_index_is_named_after_it() -> None:
    source = """\
        import torch
        from torch import nn

        class Checker(nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.weights = nn.Parameter(torch.tensor([0.5, 0.25, 1.0]))

            def forward(self, dist: list[float]) -> list[float]:
                out = []
                for k in range(len(dist)):
                    out.append(round(dist[k] - self.weights[k].item(), 3))
                return out

        def f(dist: list[float]) -> list[float]:
            return Checker()(dist)
        """
    fixed = _fixed(source)
    assert "weights = self.weights" in fixed and "dist[k] - weights[k]" in fixed
    _same(source, fixed, lambda: ([1.0, 2.0, 3.0],), lambda: ([],))


def test_a_parameter_only_annotated_as_a_tensor_keeps_the_stacked_form() -> None:
    """A list passed where `Tensor` is written has no `.tolist()`: that form is unsafe, and
    the stacked form, safe for a list of tensors too, is the one offered."""
    source = """\
        import torch

        def f(xs: torch.Tensor, n: int) -> list[float]:
            return [xs[i].item() for i in range(n)]
        """
    (finding,) = _findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    fixed = _fixed(source)
    assert "xs_list" not in fixed
    _same(source, fixed, lambda: (torch.randn(3), 3),
          lambda: ([torch.tensor(1.5), torch.tensor(2)], 2))


def test_a_float_compared_with_a_number_float32_cannot_hold_keeps_the_exact_form() -> None:
    """`t > 0.1` compares in float32 on the device, `0.1` rounded to float32; Python would
    compare the float32 value with 0.1 itself: the value float32(0.1) decides differently."""
    source = """\
        import torch

        def f(mask: torch.Tensor) -> list[int]:
            scores = mask.float() * 0.1
            return [k for k in range(len(scores)) if scores[k] > 0.1]
        """
    fixed = _fixed(source)
    assert "scores_list" not in fixed
    _same(source, fixed, lambda: (torch.tensor([0, 1, 2, 1]),))


def test_a_write_to_the_iterated_tensor_refuses_every_form() -> None:
    source = """\
        import torch

        def f(t: torch.Tensor) -> list[float]:
            out = []
            for x in t:
                out.append(x.item())
                t[-1] = 5.0
            return out
        """
    (finding,) = _findings(source)
    assert finding.fix is None
    assert "writes to `t[-1]`, the tensor it iterates over" in (finding.help or "")
    assert _fixed(source, unsafe=True) == textwrap.dedent(source)


def test_a_loop_variable_used_as_a_tensor_or_after_the_loop_keeps_the_stacked_form() -> None:
    used_as_tensor = """\
        import torch

        def f(mask: torch.Tensor) -> list[object]:
            ids = torch.nonzero(mask).flatten()
            return [(i.item(), i + 1) for i in ids]
        """
    fixed = _fixed(used_as_tensor)
    assert "ids.tolist()" not in fixed
    _same(used_as_tensor, fixed, lambda: (torch.tensor([1, 0, 1]),))
    used_after = """\
        import torch

        def f(mask: torch.Tensor) -> object:
            ids = torch.nonzero(mask).flatten()
            out = []
            for i in ids:
                out.append(i.item())
            return out, i
        """
    assert "ids.tolist()" not in _fixed(used_after, unsafe=True)


def test_an_integer_element_used_as_an_index_is_its_int() -> None:
    source = """\
        import torch

        def f(x: torch.Tensor, m: torch.Tensor) -> list[object]:
            rows = m.argmax(dim=1)
            out = []
            for r in rows:
                out.append((r.item(), x[r]))
            return out
        """
    fixed = _fixed(source)
    assert "for r in rows.reshape(len(rows)).tolist():" in fixed
    _same(source, fixed, lambda: (torch.randn(4, 2), torch.randn(3, 4)))


def test_a_loop_that_stops_early_still_reads_its_list_once() -> None:
    """`.tolist()` reads every element and cannot fail where `.item()` of one would not:
    a `break` costs nothing."""
    source = """\
        import torch

        def f(mask: torch.Tensor) -> int:
            ids = torch.nonzero(mask).flatten()
            first = -1
            for i in ids:
                if i.item() > 2:
                    first = i.item()
                    break
            return first
        """
    fixed = _fixed(source)
    assert "for i in ids.tolist():" in fixed
    syncs = _same(source, fixed, lambda: (torch.tensor([1, 1, 0, 1, 1]),),
                  lambda: (torch.tensor([0, 1]),))
    assert syncs == [2, 2]  # `nonzero`'s own, and the list


def test_a_comprehension_in_a_dict_display_iterates_the_list() -> None:
    """The stacked forms need a statement before the comprehension; `.tolist()` of what it
    iterates does not."""
    source = """\
        import torch

        def f(mask: torch.Tensor) -> dict[str, object]:
            ids = torch.nonzero(mask).flatten()
            return {"ids": [int(i) for i in ids], "n": len(ids)}
        """
    fixed = _fixed(source)
    assert '[int(i) for i in ids.tolist()]' in fixed
    _same(source, fixed, lambda: (torch.tensor([1, 0, 1]),))


def test_rows_read_whole_iterate_the_list_of_rows() -> None:
    source = """\
        import torch

        def f(logits: torch.Tensor) -> list[str]:
            ids = logits.argmax(dim=-1)
            return [sum(row.tolist()) for row in ids]
        """
    fixed = _fixed(source)
    assert "[sum(row) for row in ids.tolist()]" in fixed
    _same(source, fixed, lambda: (torch.randn(2, 3, 4),), lambda: (torch.randn(0, 3, 4),))


@pytest.mark.parametrize("guarded", [False, True])
def test_a_loop_that_runs_no_iteration_reads_nothing_of_an_empty_tensor(guarded: bool) -> None:
    """`.tolist()` of an empty tensor copies nothing (no sync on CUDA), as the loop did."""
    source = f"""\
        import torch

        def f(x: torch.Tensor) -> list[int]:
            ids = (x * 2).flatten()
            return [i.item() for i in ids{' if len(ids) > 1' if guarded else ''}]
        """
    fixed = _fixed(source)
    assert ".tolist()" in fixed
    assert _same(source, fixed, lambda: (torch.zeros(0, 3),)) == [0]


def test_an_alias_nothing_reads_after_the_fix_is_deleted() -> None:
    """`n = torch.linalg.vector_norm(g)` read only by `n.item()`: the first pass computes
    the norm, and the body no longer does (no dead, recomputed line left behind)."""
    source = """\
        import torch

        def f(grads: list[torch.Tensor]) -> list[float]:
            out = []
            for g in grads:
                n = torch.linalg.vector_norm(g)
                out.append(n.item())
            return out
        """
    fixed = _fixed(source)
    assert "n = torch.linalg.vector_norm(g)" not in fixed
    assert "for g in grads:" not in fixed  # nothing in the body reads `g` any more
    _same(source, fixed, lambda: ([torch.randn(3), torch.randn(2, 2)],), lambda: ([],))


def test_an_expensive_alias_the_body_still_needs_is_not_computed_twice() -> None:
    """`S = torch.linalg.svdvals(w)` read twice by the value: the first pass would compute
    the decomposition twice per element, and the body once more."""
    source = """\
        import torch

        def f(w: torch.Tensor, n: int) -> list[float]:
            kappas = []
            for i in range(n):
                S = torch.linalg.svdvals(w[i])
                kappas.append((S[0] / (S[-1] + 1e-8)).item())
            return kappas
        """
    (finding,) = _findings(source)
    assert finding.fix is None
    assert "compute `torch.linalg.svdvals(w[i])` again" in (finding.help or "")


def test_an_element_alias_read_once_becomes_the_list_element() -> None:
    source = """\
        import torch

        def f(x: torch.Tensor, n: int) -> list[float]:
            totals = x.view(n, -1).sum(dim=1)
            out = []
            for k in range(n):
                total = totals[k]
                out.append(total.item())
            return out
        """
    fixed = _fixed(source)
    assert "total = totals[k]" not in fixed and "out.append(totals_list[k])" in fixed
    assert "totals_list = totals.tolist()" in fixed  # 1-D: no flatten
    _same(source, fixed, lambda: (torch.randn(3, 2), 3), lambda: (torch.randn(0, 1), 0))


def test_a_local_tensor_nothing_else_reaches_stays_safe_next_to_unknown_calls() -> None:
    """The experts the loop calls cannot change `expert_hit`: it is made here and handed to
    nobody. `expert_idx = int(x.item())` of an int64 element becomes the loop variable."""
    source = """\
        import torch

        def f(experts: list, expert_mask: torch.Tensor, hidden: torch.Tensor) -> torch.Tensor:
            expert_hit = torch.greater(expert_mask.sum(dim=-1), 0).nonzero(as_tuple=False)
            for expert_idx_tensor in expert_hit:
                expert_idx = int(expert_idx_tensor.item())
                hidden = experts[expert_idx](hidden)
            return hidden
        """
    (finding,) = _findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    fixed = _fixed(source)
    assert "for expert_idx in expert_hit.reshape(len(expert_hit)).tolist():" in fixed
    assert "expert_idx_tensor" not in fixed
    experts = [lambda h, k=k: h * 2 + k for k in range(4)]
    _same(source, fixed, lambda: (experts, torch.tensor([[1, 0], [0, 0], [0, 3], [1, 1]]),
                                  torch.ones(2)))


def test_a_tensor_handed_to_other_code_is_unsafe_next_to_unknown_calls() -> None:
    source = """\
        import torch

        def f(model, x: torch.Tensor) -> None:
            ids = x.argmax(dim=-1)
            model.keep = ids
            for i in ids:
                model.step(i.item())
        """
    (finding,) = _findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "ids.reshape(len(ids)).tolist()" in _fixed(source, unsafe=True)


def test_the_values_of_a_row_read_by_index_come_from_the_row_list() -> None:
    source = """\
        import torch

        def f(matches: torch.Tensor) -> dict[int, int]:
            pairs = torch.unique(matches, dim=0)
            first = {}
            for pair in pairs:
                row, col = pair[0].item(), pair[1].item()
                first.setdefault(row, col)
            return first
        """
    fixed = _fixed(source)
    assert "for pair in pairs.reshape(pairs.shape[:2]).tolist():" in fixed
    assert "row, col = pair[0], pair[1]" in fixed
    _same(source, fixed, lambda: (torch.tensor([[1, 2], [0, 5], [1, 2], [1, 0]]),),
          lambda: (torch.tensor([[[1], [2]], [[3], [4]]]),), lambda: (torch.zeros(0, 2),))


def test_two_indexes_into_a_tensor_of_unknown_rank_do_not_take_its_list_safely() -> None:
    """`grid[i, 0].item()` of a (n, m, 1) grid is a value; `grid.tolist()[i][0]` a list:
    that form is unsafe, and the safe fix is the stacked one."""
    source = """\
        import torch

        def f(ids: torch.Tensor, n: int) -> list[int]:
            grid = ids * 1
            return [grid[i, 0].item() for i in range(n)]
        """
    fixed = _fixed(source)
    assert "grid.tolist()" not in fixed
    _same(source, fixed, lambda: (torch.arange(6).view(3, 2), 3),
          lambda: (torch.arange(6).view(3, 2, 1), 2))


def test_calls_that_change_nothing_by_their_name_keep_the_fix_safe() -> None:
    """`Meter()` makes a new object from nothing, `is_known()` is a predicate, `text.find()`
    and `x.clamp()` change nothing: the fix stays safe. `scheduler.step()` may change
    anything: unsafe."""
    source = """\
        import torch

        class Meter:
            def __init__(self) -> None:
                self.values: list[float] = []

        def is_known(key: str) -> bool:
            return key != "?"

        def f(losses: dict[str, torch.Tensor], text: str) -> dict[str, object]:
            meters = {}
            for key, loss in losses.items():
                meters[key] = Meter()
                meters[key].values.append(is_known(key))
                meters[key].values.append(loss.clamp(0, 1).tanh().item() + text.find(key))
            return {k: m.values for k, m in meters.items()}
        """
    (finding,) = _findings(source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    fixed = _fixed(source)
    _same(source, fixed, lambda: ({"a": torch.tensor(0.5), "b": torch.tensor(2.0)}, "ab"))
    stepping = source.replace("meters[key] = Meter()", "scheduler.step()").replace(
        "text: str)", "text: str, scheduler: object)")
    (finding,) = _findings(stepping)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE


def test_reads_of_cpu_tensors_get_no_fix() -> None:
    """`torch.arange` without a device makes a CPU tensor: reading its elements waits for
    no GPU, so a rewrite would only move code around."""
    source = """\
        import torch

        def order(step: int, r: int) -> list[int]:
            seq = torch.cat((torch.arange(0, step, 2), torch.arange(1, step, 2)), dim=0)
            out = []
            for i, pos in enumerate(seq):
                out.append(int(pos * r))
            return out
        """
    for finding in _findings(source):
        assert finding.fix is None
        assert "`seq` is on the CPU" in (finding.help or "")
    on_device = source.replace("dim=0)", "dim=0).cuda()")
    assert any(f.fix is not None for f in _findings(on_device))


def test_a_read_assigned_first_in_the_body_names_the_loop_variable() -> None:
    """`n_bad = torch.isnan(t).sum().item()` first in the body: the loop runs over the
    values as `n_bad` (no `n_bad = n_bad_value` left behind)."""
    source = """\
        import torch

        def f(ts: list[torch.Tensor]) -> list[int]:
            out = []
            for t in ts:
                n_bad = torch.isnan(t).sum().item()
                out.append(n_bad * 2)
            return out
        """
    fixed = _fixed(source)
    assert "for n_bad in values:" in fixed and "n_bad = " not in fixed
    _same(source, fixed, lambda: ([torch.tensor([float("nan"), 1.0]), torch.ones(2)],),
          lambda: ([],))


def test_a_name_unpacked_from_a_pair_of_tensors_is_one_tensor() -> None:
    """`unique, counts = torch.unique(x, return_counts=True, dim=0)`: `unique` is a tensor
    the code makes, so its rows can be listed (their values read by index)."""
    source = """\
        import torch

        def f(index: torch.Tensor) -> dict[int, int]:
            unique, counts = torch.unique(index, return_counts=True, dim=0)
            unique_sorted = unique[torch.argsort(counts, descending=True)]
            column_to_row = {}
            for idx_pair in unique_sorted:
                row_idx, col_idx = idx_pair[0].item(), idx_pair[1].item()
                column_to_row.setdefault(row_idx, col_idx)
            return column_to_row
        """
    fixed = _fixed(source)
    assert "for idx_pair in unique_sorted.reshape(unique_sorted.shape[:2]).tolist():" in fixed
    _same(source, fixed, lambda: (torch.tensor([[1, 2], [1, 2], [0, 3], [1, 5]]),))


@pytest.mark.parametrize("made", ["self.sigmas.to(device=x.device)", "self.sigmas.flatten()",
                                  "self.sigmas[1:]"])
def test_a_local_view_of_reachable_memory_is_unsafe_next_to_unknown_calls(made: str) -> None:
    """Reduced from diffusers' LTX sampling loop: `x.to(device)` where `x` is already there,
    a flatten or a slice is the attribute's memory, which the step the loop calls may
    change in place: the list read before the loop would not see that."""
    source = f"""\
        import torch

        class Sampler:
            def run(self, x: torch.Tensor, n: int) -> list[float]:
                sigmas = {made}
                out = []
                for i in range(n):
                    out.append(float(sigmas[i].item()))
                    self.step(x)
                return out
        """
    (finding,) = _findings(source)
    assert finding.fix is None or finding.fix.applicability is Applicability.UNSAFE
    # A copy is memory of its own: the same loop is fixed, unsafe only where the rank of
    # `self.sigmas` is not known (a flatten fixes it).
    copied = source.replace(made, f"{made}.clone()")
    (finding,) = _findings(copied)
    assert finding.fix is not None
    if made.endswith(".flatten()"):
        assert finding.fix.applicability is Applicability.SAFE
    else:
        assert finding.fix.applicability is Applicability.UNSAFE
        assert "may hold several values per element" in finding.help, finding.help
        assert "may change" not in finding.help, finding.help
