"""track_memory: peaks of the seed patterns, views, in-place ops, an MLP step, nesting."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from synclint.runtime import track_memory  # noqa: E402

SIZES = (1000, 2000, 3000)
N = sum(SIZES)
SCALARS = 512  # slack for the 0-d results of reductions


def _grads(device: str = "cpu") -> list[torch.Tensor]:
    return [torch.randn(n, device=device) for n in SIZES]


def test_cat_of_per_parameter_views_peaks_at_4n_bytes() -> None:
    grads = _grads()
    with track_memory(backend="emulated") as mem:
        flat = torch.cat([g.view(-1) for g in grads])
        nan_count = torch.isnan(flat).sum()
    assert 4 * N <= mem.peak_bytes <= 4 * N + N + SCALARS  # + the isnan bool temporary
    assert nan_count.item() == 0


def test_per_parameter_loop_peaks_at_the_largest_tensor() -> None:
    grads = _grads()
    with track_memory(backend="emulated") as mem:
        total = torch.zeros(())
        for g in grads:
            total = total + (g * g).sum()
    largest = 4 * max(SIZES)
    assert largest <= mem.peak_bytes <= largest + SCALARS
    assert mem.peak_bytes < 4 * N


def test_views_and_in_place_ops_peak_at_zero() -> None:
    x, buf = torch.randn(64, 64), torch.empty(64, 64)
    with track_memory(backend="emulated") as mem:
        v = x.view(-1)
        x.t()
        x[:10]
        x.mul_(2).add_(1)
        v.clamp_(min=0)
        torch.add(x, 1, out=buf)
    assert mem.peak_bytes == 0
    assert mem.live_bytes == 0


def test_freed_temporaries_do_not_add_up() -> None:
    with track_memory(backend="emulated") as mem:
        for _ in range(5):
            t = torch.empty(1000)
            del t
        kept = torch.empty(250)
    assert mem.peak_bytes == 4000
    assert mem.live_bytes == 1000
    assert kept.numel() == 250


def test_mlp_forward_and_backward_reports_a_plausible_peak() -> None:
    model = torch.nn.Sequential(
        torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)
    )
    x, y = torch.randn(32, 64), torch.randint(0, 10, (32,))
    param_bytes = sum(p.numel() * 4 for p in model.parameters())
    with track_memory(backend="emulated") as mem:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
    hidden = 32 * 256 * 4
    # At least the hidden activations and the gradients (kept alive after the region).
    assert mem.peak_bytes >= hidden + param_bytes
    assert mem.peak_bytes <= 6 * (hidden + param_bytes)
    assert param_bytes <= mem.live_bytes < mem.peak_bytes


def test_nested_regions_measure_in_both() -> None:
    with track_memory(backend="emulated") as outer:
        a = torch.empty(100)
        with track_memory(backend="emulated") as inner:
            b = torch.empty(50)
    assert (inner.peak_bytes, outer.peak_bytes) == (200, 600)
    assert a.numel() + b.numel() == 150


def test_an_exception_still_finalises_the_report_and_the_mode() -> None:
    from torch.utils._python_dispatch import _get_current_dispatch_mode

    with pytest.raises(RuntimeError):
        with track_memory(backend="emulated") as mem:
            keep = torch.empty(10)
            raise RuntimeError("boom")
    assert mem.peak_bytes == 40
    assert _get_current_dispatch_mode() is None
    assert keep.numel() == 10


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_cat_of_views_peaks_at_least_4n_bytes() -> None:
    grads = _grads("cuda")
    with track_memory(backend="cuda") as mem:
        flat = torch.cat([g.view(-1) for g in grads])
    assert 4 * N <= mem.peak_bytes <= 4 * N + 4096  # the caching allocator rounds up
    assert mem.live_bytes >= 4 * N
    del flat


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_nested_regions_keep_the_outer_peak() -> None:
    with track_memory(backend="cuda") as outer:
        big = torch.empty(1 << 20, device="cuda")
        del big
        with track_memory(backend="cuda") as inner:
            small = torch.empty(1 << 10, device="cuda")
    assert outer.peak_bytes >= 4 << 20
    assert inner.peak_bytes < 4 << 20
    del small
