"""The region behaviours on the CUDA backend, where the sync debug mode and its warnings are
process-wide: nesting, threads, allow_syncs, warmup. Skipped without CUDA."""

from __future__ import annotations

import threading

import pytest

torch = pytest.importorskip("torch")

from torch.utils._python_dispatch import _get_current_dispatch_mode  # noqa: E402

from synclint.runtime import allow_syncs, count_syncs, track_memory  # noqa: E402

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def _clean() -> bool:
    return (
        _get_current_dispatch_mode() is None
        and not torch._C._is_torch_function_mode_enabled()
        and torch.cuda.get_sync_debug_mode() == 0
    )


def test_nested_cuda_regions_count_in_both_and_restore_the_debug_mode() -> None:
    torch.cuda.set_sync_debug_mode("default")
    t = torch.randn(4, device="cuda")
    with count_syncs(backend="cuda") as outer, track_memory(backend="cuda"):
        with count_syncs(backend="cuda") as inner:
            t.sum().item()
        t.max().item()
    assert (inner.total, outer.total) == (1, 2)
    assert _clean()
    with count_syncs(backend="cuda") as later:
        t.sum().item()
    assert later.total == 1


def test_a_raising_nested_cuda_region_restores_everything() -> None:
    torch.cuda.set_sync_debug_mode("default")
    t = torch.randn(4, device="cuda")
    with pytest.raises(RuntimeError):
        with count_syncs(backend="cuda"), count_syncs(backend="cuda"):
            t.sum().item()
            raise RuntimeError("boom")
    assert _clean()


def _sync_in_a_thread(t: torch.Tensor) -> None:
    worker = threading.Thread(target=lambda: t.sum().item())
    worker.start()
    worker.join()


def test_cuda_regions_count_their_own_thread_unless_all_threads() -> None:
    t = torch.randn(4, device="cuda")
    with count_syncs(backend="cuda") as mine:
        _sync_in_a_thread(t)
    with count_syncs(backend="cuda", threads="all") as everyone:
        _sync_in_a_thread(t)
    assert (mine.total, everyone.total) == (0, 1)


def test_cuda_allowed_syncs_are_reported_apart() -> None:
    t = torch.randn(4, device="cuda")
    with count_syncs(backend="cuda") as syncs:
        with allow_syncs():
            t.sum().item()
        t.max().item()
    assert (syncs.total, len(syncs.allowed)) == (1, 1)


def test_cuda_warmup_skips_the_first_calls() -> None:
    t = torch.randn(4, device="cuda")

    @count_syncs(backend="cuda", warmup=1)
    def step() -> float:
        return float(t.sum().item())

    for _ in range(3):
        step()
    assert step.syncs.total == 2


def test_emulation_agrees_with_cuda_on_a_model_built_in_the_region() -> None:
    with count_syncs(backend="cuda") as real:
        # Built on the device: a blocking host-to-device copy (`.to("cuda")` of a CPU
        # model) is a sync for the debug mode, which the emulator does not count.
        model = torch.nn.Linear(4, 2, device="cuda")
        [p.sum().item() for p in model.parameters()]
    with count_syncs(backend="emulated", whole_program=True) as emulated:
        model = torch.nn.Linear(4, 2)
        [p.sum().item() for p in model.parameters()]
    assert real.total == emulated.total == 2
