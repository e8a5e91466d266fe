"""count_syncs behaviour beyond the case table: sites, nesting, modes, threads, errors."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

torch = pytest.importorskip("torch")

from torch.utils._python_dispatch import _get_current_dispatch_mode  # noqa: E402

from synclint.runtime import count_syncs, mark_host  # noqa: E402


def _read_in_helper(t: torch.Tensor) -> float:
    return t.sum().item()


def test_event_carries_the_first_frame_outside_torch_and_synclint() -> None:
    x = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        _read_in_helper(x)
    (event,) = syncs.events
    assert event.file == __file__
    assert event.function == "_read_in_helper"
    assert event.op == "aten._local_scalar_dense.default"
    assert event.line == _read_in_helper.__code__.co_firstlineno + 1


def test_by_site_lists_site_kind_count_most_first() -> None:
    xs = [torch.randn(3) for _ in range(3)]
    with count_syncs(backend="emulated") as syncs:
        xs[0].tolist()
        for t in xs:
            t.sum().item()
    sites = syncs.by_site()
    assert [(kind, n) for _, kind, n in sites] == [("item", 3), ("tolist", 1)]
    assert all(site.startswith("test_count_syncs.py:") for site, _, _ in sites)


def test_nested_regions_count_in_both() -> None:
    x = torch.randn(4)
    with count_syncs(backend="emulated") as outer:
        x.sum().item()
        with count_syncs(backend="emulated") as inner:
            x.tolist()
        x[0].item()
    assert inner.total == 1
    assert outer.total == 3


def test_an_exception_restores_every_mode_and_synchronize() -> None:
    original_sync = torch.cuda.synchronize
    x = torch.randn(4)
    with pytest.raises(ValueError):
        with count_syncs(backend="emulated"):
            x.sum().item()
            raise ValueError("boom")
    assert _get_current_dispatch_mode() is None
    assert not torch._C._is_torch_function_mode_enabled()
    assert torch.cuda.synchronize is original_sync
    # A fresh region works normally after the failure.
    with count_syncs(backend="emulated") as syncs:
        x.sum().item()
    assert syncs.total == 1


def test_cpu_copy_is_host_but_the_original_stays_a_device_tensor() -> None:
    x = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        c = x.cpu()
        c.sum().item()
        x.sum().item()
    assert [e.kind for e in syncs.events] == ["cpu", "item"]
    assert c is not x and torch.equal(c, x)


def test_numpy_round_trip_stays_host_in_a_whole_program() -> None:
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        d = torch.randn(4) * 2  # a device tensor in a whole program
        back = torch.from_numpy(d.numpy())
        back.sum().item()
        back.tolist()
        d.sum().item()
    assert [e.kind for e in syncs.events] == ["numpy", "item"]


def test_whole_program_counts_tensors_made_inside_as_device() -> None:
    with count_syncs(backend="emulated", whole_program=True) as whole:
        torch.randn(3).sum().item()
    with count_syncs(backend="emulated") as region:
        torch.randn(3).sum().item()
    assert (whole.total, region.total) == (1, 0)


def test_mark_host_declares_existing_tensors_as_host_data() -> None:
    host, device = mark_host(torch.randn(4)), torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        host.sum().item()
        host[0].item()
        device.sum().item()
    assert syncs.total == 1


def test_other_threads_are_not_counted() -> None:
    x = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        worker = threading.Thread(target=torch.cuda.synchronize)
        worker.start()
        worker.join()
        x.sum().item()
    assert [e.kind for e in syncs.events] == ["item"]


def test_backward_syncs_are_seen_and_deduped_per_call() -> None:
    w = torch.randn(4, requires_grad=True)
    with count_syncs(backend="emulated") as syncs:
        loss = (w * 2).sum()
        loss.backward()
        w.grad.norm().item()  # type: ignore[union-attr]
    assert [e.kind for e in syncs.events] == ["item"]


def test_unknown_backend_is_rejected() -> None:
    with pytest.raises(ValueError, match="backend"):
        with count_syncs(backend="gpu"):  # type: ignore[arg-type]
            pass


@pytest.mark.skipif(torch.cuda.is_available(), reason="only without CUDA")
def test_cuda_backend_without_cuda_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="CUDA"):
        with count_syncs(backend="cuda"):
            pass


def test_without_torch_the_runtime_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    from synclint.runtime import count_syncs as fresh_count_syncs
    from synclint.runtime import track_memory

    with pytest.raises(ImportError, match=r"synclint\[runtime\]"):
        with fresh_count_syncs():
            pass
    with pytest.raises(ImportError, match=r"synclint\[runtime\]"):
        with track_memory():
            pass


def test_importing_synclint_and_its_plugin_does_not_import_torch() -> None:
    code = (
        "import sys, synclint, synclint.runtime, synclint.pytest_plugin, synclint.profile_command;"
        "assert 'torch' not in sys.modules, 'torch imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_backend_restores_the_debug_mode_after_an_exception() -> None:
    torch.cuda.set_sync_debug_mode("default")
    x = torch.randn(4, device="cuda")
    with pytest.raises(ValueError):
        with count_syncs(backend="cuda") as syncs:
            x.sum().item()
            raise ValueError("boom")
    assert torch.cuda.get_sync_debug_mode() == 0
    assert syncs.total == 1
    assert not torch._C._is_torch_function_mode_enabled()


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_backend_counts_synchronize_once_and_names_sites() -> None:
    x = torch.randn(4, device="cuda")
    with count_syncs(backend="cuda") as syncs:
        torch.cuda.synchronize()
        _read_in_helper(x)
    assert [e.kind for e in syncs.events] == ["synchronize", "item"]
    assert syncs.events[1].function == "_read_in_helper"


def test_moving_reads_onto_the_first_ones_device_before_stacking_is_one_read() -> None:
    # The batched fix's form: `.to()` onto the device of the first stacked tensor moves
    # nothing that is there already, so only `.tolist()` reads; host-made tensors (made
    # inside the region from no device input) stay host data and are no read at all.
    norms = [torch.randn(3).norm() for _ in range(4)]
    with count_syncs("emulated") as syncs:
        device = norms[0].device if norms else None
        values = torch.stack([r.to(device) for r in norms]).tolist() if norms else []
    assert values == [n.item() for n in norms]
    assert syncs.total == 1 and [e.kind for e, _ in syncs.by_location()] == ["tolist"]
    with count_syncs("emulated") as syncs:
        made = [torch.tensor(float(i)) for i in range(3)]
        device = made[0].device
        torch.stack([r.to(device) for r in made]).tolist()
    assert syncs.total == 0


def test_code_without_source_moving_onto_a_tensors_device_is_no_read() -> None:
    # Code run from a string has no source to read: a `torch.device` taken from a tensor
    # is where the program put its tensors (no read); the string "cpu" is a read.
    namespace: dict[str, object] = {"norms": [torch.randn(3).norm() for _ in range(3)]}
    with count_syncs("emulated") as syncs:
        exec("moved = [r.to(norms[0].device) for r in norms]", namespace)  # noqa: S102
    assert syncs.total == 0
    with count_syncs("emulated") as syncs:
        exec("moved = [r.to('cpu') for r in norms]", namespace)  # noqa: S102
    assert syncs.total == 3
