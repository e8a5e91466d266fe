"""Cold code: assert messages, raise arguments, raising blocks and periodic guards.

The sync rules stay silent there; SYN107 (off by default) takes the periodic reads.
"""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings


def rows(code: str, source: str) -> list[int]:
    return [d.location.row for d in rule_findings(code, source)]


def test_assert_message_is_cold_but_the_assert_test_is_not() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor]):
            for t in ts:
                assert t.shape[0] > 0, f"empty tensor, sum={t.sum().item()}"
                assert t.isfinite().all(), "non-finite"
    """
    assert rows("SYN101", source) == []
    assert rows("SYN102", source) == [5]


def test_raise_argument_is_cold() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], limit: int):
            for i, t in enumerate(ts):
                if i > limit:
                    raise ValueError(f"bad {t.item()}")
                print(t.item())
    """
    assert rows("SYN101", source) == [6]


def test_block_that_always_raises_is_cold_but_its_tensor_test_is_not() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor]):
            for t in ts:
                if torch.isnan(t).any():
                    bad = t.isnan().nonzero()
                    message = f"{bad.tolist()} {t.max().item()}"
                    raise FloatingPointError(message)
    """
    assert rows("SYN102", source) == [4]
    assert rows("SYN101", source) == []
    assert rows("SYN104", source) == []


def test_block_ending_in_if_else_that_both_raise_is_cold() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], strict: bool):
            for t in ts:
                if t.dim() != 2:
                    value = t.sum().item()
                    if strict:
                        raise ValueError(value)
                    else:
                        raise TypeError(value)
    """
    assert rows("SYN101", source) == []


def test_block_that_raises_only_sometimes_is_not_cold() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], strict: bool):
            for t in ts:
                if t.dim() != 2:
                    value = t.sum().item()
                    if strict:
                        raise ValueError(value)
    """
    assert rows("SYN101", source) == [5]


def test_raise_caught_inside_the_loop_is_not_cold() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor]):
            for t in ts:
                try:
                    if t.dim() != 2:
                        print(t.sum().item())
                        raise ValueError("skip")
                except ValueError:
                    continue
    """
    assert rows("SYN101", source) == [6]


def test_function_that_always_raises_is_not_cold_for_its_own_loop() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor]):
            for t in ts:
                print(t.item())
            raise NotImplementedError
    """
    assert rows("SYN101", source) == [4]


@pytest.mark.parametrize("guard", [
    "step % 100 == 0",
    "0 == step % 100",
    "(step + 1) % accum == 0",
    "not step % 10",
    "step % 2",
    "step % 10 == 0 and rank == 0",
    "self.global_step % self.log_every_n_steps == 0",
    "should_log(step)",
    "self.should_log",
    "self._should_log(step)",
    # A counter stepping by a batch: true once per `accum` frames (TorchRL's eval guard).
    "step % accum < rank",
    "rank > step % accum",
    "step % 100 <= 7",
])
def test_periodic_guard_body_goes_to_syn107_not_syn101(guard: str) -> None:
    source = f"""\
        import torch
        def f(self, ts: list[torch.Tensor], accum: int, rank: int):
            for step, t in enumerate(ts):
                if {guard}:
                    print(t.item())
    """
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [5]


@pytest.mark.parametrize("guard", [
    "step % 100",          # true 99 steps in 100
    "step % 10 != 0",
    "step % 10 == 0 or ready",
    "step > 100",
    "ready",
    "'%d' % step == '1'",  # string formatting
    "step % 10 < 20",      # always true
    "step % accum < 5",    # `accum` may be at most 5: always true
    "step % 100 > 5",      # true 94 steps in 100
])
def test_look_alike_guards_are_not_periodic(guard: str) -> None:
    source = f"""\
        import torch
        def f(ts: list[torch.Tensor], ready: bool):
            for step, t in enumerate(ts):
                if {guard}:
                    print(t.item())
    """
    assert rows("SYN101", source) == [5]
    assert rows("SYN107", source) == []


def test_else_branch_of_a_periodic_guard_is_hot_and_of_a_nonzero_remainder_is_periodic() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor]):
            for step, t in enumerate(ts):
                if step % 10 == 0:
                    print(t.item())
                else:
                    print(t.sum().item())
                if step % 10:
                    pass
                else:
                    print(t.max().item())
    """
    assert rows("SYN101", source) == [7]
    assert rows("SYN107", source) == [5, 11]


def test_flag_assigned_from_a_periodic_test_is_periodic_once_assigned_twice_is_not() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], every: int):
            for i, t in enumerate(ts):
                log_it = (i + 1) % every == 0
                if log_it:
                    print(t.item())
    """
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [6]
    twice = """\
        import torch
        def f(ts: list[torch.Tensor], every: int):
            for i, t in enumerate(ts):
                log_it = (i + 1) % every == 0
                log_it = log_it or i == 3
                if log_it:
                    print(t.item())
    """
    assert rows("SYN101", twice) == [7]


def test_tensor_remainder_is_a_tensor_test_not_a_guard() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], device):
            step = torch.zeros((), dtype=torch.long, device=device)
            for t in ts:
                step += 1
                if step % 10 == 0:
                    print(t.item())
    """
    assert rows("SYN102", source) == [6]
    assert rows("SYN101", source) == [7]
    assert rows("SYN107", source) == []


def test_loop_inside_a_periodic_guard_is_still_per_iteration() -> None:
    source = """\
        import torch
        def f(model, step: int):
            if step % 100 == 0:
                for p in model.parameters():
                    print(p.norm().item())
                    if p.isnan().any():
                        pass
    """
    assert rows("SYN101", source) == [5]
    assert rows("SYN102", source) == [6]
    assert rows("SYN107", source) == []


def test_periodic_guard_silences_every_sync_rule() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], values, device):
            for step, t in enumerate(ts):
                if step % 50 == 0:
                    if t.isnan().any():
                        pass
                    idx = t.nonzero()
                    h = torch.tensor(values, device=device)
    """
    for code in ("SYN102", "SYN104", "SYN105"):
        assert rows(code, source) == [], code


def test_syn107_message_names_the_period() -> None:
    source = """\
        import torch
        def f(self, ts: list[torch.Tensor]):
            for step, t in enumerate(ts):
                if step % 100 == 0:
                    print(t.item())
                if step % self.log_every == 0:
                    print(float(t))
                if self.should_log:
                    print(t.tolist())
    """
    messages = [d.message for d in rule_findings("SYN107", source)]
    assert messages == [
        "`.item()` every 100 steps syncs with the GPU",
        "`float()` of a tensor every `self.log_every` steps syncs with the GPU",
        "`.tolist()` under a periodic guard syncs with the GPU",
    ]


def test_guard_on_an_outer_loop_counter_does_not_make_the_inner_loop_periodic() -> None:
    # Reduced from accelerate's test_sync.py: the guard is fixed for the whole inner loop.
    source = """\
        import torch
        def f(model, ddp_model, loader):
            for iteration, batch in enumerate(loader):
                for param, ddp_param in zip(model.parameters(), ddp_model.parameters()):
                    if iteration % 2 == 0:
                        print(param.grad.sum().item())
                    log_now = iteration % 10 == 0
                for p in model.parameters():
                    if log_now:
                        print(p.sum().item())
    """
    assert rows("SYN101", source) == [6, 10]
    assert rows("SYN107", source) == []


def test_guard_on_a_counter_the_inner_loop_updates_is_periodic() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor], epochs: int):
            step = 0
            for epoch in range(epochs):
                for t in ts:
                    step += 1
                    if step % 100 == 0:
                        print(t.item())
                    if epoch % 2 == 0 and step % 5 == 0:
                        print(t.sum().item())
    """
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [8, 10]


def test_one_line_block_that_raises_is_cold() -> None:
    source = """\
        import torch
        def f(ts: list[torch.Tensor]):
            for t in ts:
                if t.dim() != 1: v = t.sum().item(); raise ValueError(v)
                print(t.max().item())
    """
    assert rows("SYN101", source) == [5]
