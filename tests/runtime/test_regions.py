"""Regions you can trust: nesting of any mix, no leaked modes, threads, allow_syncs, warmup."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

torch = pytest.importorskip("torch")

from torch.utils._python_dispatch import _get_current_dispatch_mode  # noqa: E402

from synclint.runtime import allow_syncs, count_syncs, track_memory  # noqa: E402

HAS_CUDA = torch.cuda.is_available()


def _no_mode_left() -> bool:
    return _get_current_dispatch_mode() is None and not torch._C._is_torch_function_mode_enabled()


@pytest.fixture(autouse=True)
def _modes_never_leak() -> Iterator[None]:
    original_sync = torch.cuda.synchronize
    yield
    assert _no_mode_left(), "a torch mode was left installed"
    assert torch.cuda.synchronize is original_sync


def test_nested_regions_with_equal_reports_do_not_crash_or_leak() -> None:
    # The reports compare equal when the inner region ends: removal must be by identity.
    t = torch.randn(4)
    with count_syncs(backend="emulated") as outer:
        with count_syncs(backend="emulated") as inner:
            t.sum().item()
        t.max().item()
    assert (inner.total, outer.total) == (1, 2)
    with count_syncs(backend="emulated") as later:
        t.sum().item()
    assert later.total == 1


@pytest.mark.parametrize("inner_first", [True, False])
def test_regions_of_every_kind_nest_and_each_counts_its_own(inner_first: bool) -> None:
    t = torch.randn(256)
    with track_memory(backend="emulated") as outer_mem, count_syncs(backend="emulated") as outer:
        t.sum().item()
        with count_syncs(backend="emulated") as inner, track_memory(backend="emulated") as inner_mem:
            t.max().item()
            tmp = torch.empty(100)
            del tmp
        big = torch.empty(1000)
        del big
        t.min().item()
    assert (inner.total, outer.total) == (1, 3)
    assert inner_mem.peak_bytes == 400
    assert outer_mem.peak_bytes >= 4000


def test_regions_exited_out_of_order_leave_nothing_installed() -> None:
    t = torch.randn(4)
    syncs = count_syncs(backend="emulated")
    mem = track_memory(backend="emulated")
    report = syncs.__enter__()
    mem.__enter__()
    t.sum().item()
    syncs.__exit__(None, None, None)  # before the memory region it encloses
    mem.__exit__(None, None, None)
    assert report.total == 1


def test_a_raising_inner_region_keeps_the_outer_one_counting() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated") as outer:
        with pytest.raises(RuntimeError):
            with count_syncs(backend="emulated") as inner, track_memory(backend="emulated"):
                t.sum().item()
                raise RuntimeError("boom")
        t.max().item()
    assert (inner.total, outer.total) == (1, 2)


def test_a_raising_outer_region_removes_every_mode() -> None:
    t = torch.randn(4)
    with pytest.raises(KeyError):
        with track_memory(backend="emulated"), count_syncs(backend="emulated"):
            with count_syncs(backend="emulated"):
                t.sum().item()
                raise KeyError("x")
    assert _no_mode_left()


# -- threads -----------------------------------------------------------------------------


def _sync_in_a_thread(t: torch.Tensor) -> None:
    worker = threading.Thread(target=lambda: t.sum().item())
    worker.start()
    worker.join()


def test_a_region_counts_only_its_own_thread_by_default() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        _sync_in_a_thread(t)
        t.max().item()
    assert [e.kind for e in syncs.events] == ["item"]


def test_threads_all_counts_threads_started_inside_the_region() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated", threads="all") as syncs:
        _sync_in_a_thread(t)
        t.max().item()
    assert [e.kind for e in syncs.events] == ["item", "item"]
    assert threading.Thread.start.__name__ == "start"  # restored


def test_a_thread_that_outlives_the_region_stops_counting_and_cleans_up() -> None:
    t = torch.randn(4)
    go, done = threading.Event(), threading.Event()
    seen: list[bool] = []

    def late() -> None:
        go.wait()
        t.sum().item()
        seen.append(torch._C._is_torch_function_mode_enabled())
        done.set()

    with count_syncs(backend="emulated", threads="all") as syncs:
        worker = threading.Thread(target=late)
        worker.start()
    go.set()
    done.wait(5)
    worker.join()
    assert syncs.total == 0
    assert seen == [True]  # inert until the thread ends; then removed with it


def test_regions_in_two_threads_are_independent() -> None:
    t = torch.randn(4)
    inner: list[int] = []

    def other() -> None:
        with count_syncs(backend="emulated") as mine:
            t.sum().item()
            t.sum().item()
        inner.append(mine.total)

    with count_syncs(backend="emulated") as syncs:
        worker = threading.Thread(target=other)
        worker.start()
        worker.join()
        t.max().item()
    assert (syncs.total, inner) == (1, [2])


def test_bad_threads_value_is_rejected() -> None:
    with pytest.raises(ValueError, match="threads"):
        count_syncs(backend="emulated", threads="some")  # type: ignore[arg-type]


# -- allow_syncs --------------------------------------------------------------------------


def test_allowed_syncs_are_reported_apart() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated") as outer:
        t.sum().item()
        with allow_syncs():
            t.max().item()
            with count_syncs(backend="emulated") as inner:
                t.min().item()
        t.tolist()
    assert [e.kind for e in outer.events] == ["item", "tolist"]
    assert [e.kind for e in outer.allowed] == ["item", "item"]
    assert (outer.total, inner.total, len(inner.allowed)) == (2, 0, 1)


def test_allow_syncs_ends_when_its_block_raises() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        with pytest.raises(ValueError):
            with allow_syncs():
                raise ValueError
        t.sum().item()
    assert syncs.total == 1 and not syncs.allowed


# -- warmup -------------------------------------------------------------------------------


def test_a_decorated_function_skips_its_warmup_calls() -> None:
    t = torch.randn(4)

    @count_syncs(backend="emulated", warmup=2)
    def step(n: int) -> float:
        total = 0.0
        for _ in range(n):
            total += t.sum().item()
        return total

    assert step(5) == pytest.approx(5 * t.sum().item())  # warm-up: not counted
    step(4)
    step(1)
    step(2)
    assert step.syncs.total == 3
    assert step.__name__ == "step"
    assert step.counting.runs == 4


def test_recursion_counts_in_the_outermost_call_only() -> None:
    t = torch.randn(4)

    @count_syncs(backend="emulated")
    def walk(depth: int) -> None:
        t.sum().item()
        if depth:
            walk(depth - 1)

    walk(3)
    assert walk.syncs.total == 4


def test_a_kept_region_object_skips_its_first_entries() -> None:
    t = torch.randn(4)
    counting = count_syncs(backend="emulated", warmup=1)
    for _ in range(3):
        with counting as syncs:
            t.sum().item()
    assert syncs is counting.report and syncs.total == 2


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_bad_warmup_is_rejected(bad: object) -> None:
    with pytest.raises(ValueError, match="warmup"):
        count_syncs(backend="emulated", warmup=bad)  # type: ignore[arg-type]


# -- moves to the device the program chose ------------------------------------------------

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


def test_a_move_to_the_chosen_device_is_not_a_sync() -> None:
    model = torch.nn.Linear(4, 2)
    x = torch.randn(3, 4)
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        model.to(DEVICE)
        y = x.to(DEVICE)
        z = x.to(torch.device(DEVICE), torch.float64)
        loss = model(y).sum()
        loss.item()
    assert [e.kind for e in syncs.events] == ["item"]
    assert z.dtype == torch.float64


def test_the_model_stays_a_device_model_after_the_move() -> None:
    model = torch.nn.Linear(4, 2)
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        model.to(DEVICE)
        _ = [p.sum().item() for p in model.parameters()]
    assert syncs.total == 2


def test_explicit_reads_to_the_host_stay_syncs() -> None:
    x = torch.randn(4)
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        x.cpu()
        x.to("cpu")
        x.to(
            device="cpu",
        )
        x.to(torch.device("cpu"))
        x.numpy()
        x.tolist()
    assert [e.kind for e in syncs.events] == ["cpu", "to", "to", "to", "numpy", "tolist"]


@pytest.mark.skipif(not HAS_CUDA, reason="needs CUDA")
def test_cuda_agrees_that_a_move_to_the_device_a_tensor_is_on_is_not_a_sync() -> None:
    # Built on the device first: a blocking copy from the host would be a sync on CUDA.
    model = torch.nn.Linear(4, 2, device=DEVICE)
    x = torch.randn(3, 4, device=DEVICE)
    with count_syncs(backend="cuda") as syncs:
        model.to(DEVICE)
        x.to(DEVICE)
        x.to(torch.device(DEVICE), torch.float64)
    assert syncs.total == 0


def test_a_decorated_function_counts_each_threads_own_calls() -> None:
    t = torch.randn(4)
    ready = threading.Barrier(2)

    @count_syncs(backend="emulated")
    def step() -> None:
        ready.wait(5)  # both calls are open at once
        t.sum().item()
        t.max().item()

    workers = [threading.Thread(target=step) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert step.syncs.total == 4 and step.counting.runs == 2


def test_a_region_left_open_after_its_enclosing_one_ends_keeps_counting() -> None:
    t = torch.randn(4)
    outer, inner = count_syncs(backend="emulated"), count_syncs(backend="emulated")
    first = outer.__enter__()
    second = inner.__enter__()
    t.sum().item()
    outer.__exit__(None, None, None)
    t.sum().item()
    inner.__exit__(None, None, None)
    t.sum().item()
    assert (first.total, second.total) == (1, 2)
