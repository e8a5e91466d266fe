"""One host sync and bounded temporary memory for the reference telemetry, via the harness."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from synclint.telemetry import check_numerical_stability, grad_norm, gradient_stats  # noqa: E402
from tests.telemetry.conftest import LARGE_MODEL_LARGEST  # noqa: E402

try:
    from synclint.runtime import count_syncs, track_memory
except ImportError:  # the harness is optional for the results tests, not for these
    count_syncs = track_memory = None

pytestmark = pytest.mark.skipif(count_syncs is None, reason="synclint.runtime is not available")

N_PARAMS = 500
# Peak temporary bytes the reference may use: twice the largest gradient in float64.
BOUND = 2 * LARGE_MODEL_LARGEST * 8


# The markers measure the test body; the model comes from a fixture, so it exists
# before the region and its tensors count as device tensors in the emulator.


@pytest.mark.max_syncs(1)
@pytest.mark.max_memory("128 KB")
def test_check_numerical_stability_of_500_parameters_syncs_once(model500) -> None:
    check_numerical_stability(model500)


@pytest.mark.max_syncs(1)
@pytest.mark.max_memory("128 KB")
def test_grad_norm_of_500_parameters_syncs_once(model500) -> None:
    grad_norm(model500.parameters())


@pytest.mark.max_syncs(1)
@pytest.mark.max_memory("128 KB")
def test_gradient_stats_of_500_gradients_syncs_once(grads500) -> None:
    gradient_stats(grads500)


@pytest.mark.parametrize(
    "call",
    [
        lambda m: check_numerical_stability(m),
        lambda m: grad_norm(m.parameters()),
        lambda m: grad_norm(m.parameters(), float("inf")),
        lambda m: gradient_stats([p.grad for p in m.parameters()]),
    ],
    ids=["check", "grad_norm", "grad_norm_inf", "gradient_stats"],
)
def test_reference_makes_exactly_one_transfer_within_the_bound(model500, call) -> None:
    with count_syncs() as syncs:
        call(model500)
    assert syncs.total == 1, syncs.by_site()
    with track_memory() as mem:
        call(model500)
    assert 0 < mem.peak_bytes <= BOUND
    assert mem.live_bytes <= 1024  # only the small results may outlive the call


def test_naive_versions_sync_per_parameter_and_peak_at_the_total(naive, model500, grads500) -> None:
    # The same harness sees the naive costs: this is what the reference removes.
    with count_syncs() as syncs:
        naive.check_numerical_stability(model500)
    assert syncs.total == 4 * N_PARAMS
    with count_syncs() as syncs:
        naive.per_layer_grad_norms(model500)
    assert syncs.total == N_PARAMS
    total_bytes = sum(g.numel() * g.element_size() for g in grads500)
    with track_memory() as mem:
        naive.gradient_stats(grads500)
    assert mem.peak_bytes >= total_bytes
    with track_memory() as mem:
        gradient_stats(grads500)
    assert mem.peak_bytes * 20 < total_bytes


def test_grad_norm_memory_does_not_grow_with_the_number_of_parameters() -> None:
    # The seed's fix, [g.double() for g in grads], holds every gradient in float64 at once.
    grads = [torch.randn(4096) for _ in range(200)]
    params = []
    for g in grads:
        p = torch.nn.Parameter(torch.zeros_like(g))
        p.grad = g
        params.append(p)
    with track_memory() as ours:
        grad_norm(params)
    with track_memory() as seed_fix:
        torch._foreach_norm([g.double() for g in grads], 2)
    assert ours.peak_bytes <= 2 * 4096 * 8
    assert seed_fix.peak_bytes >= 200 * 4096 * 8


def test_model_without_parameters_needs_no_transfer() -> None:
    with count_syncs() as syncs:
        report = check_numerical_stability(torch.nn.Module())
    assert syncs.total == 0 and not report.has_issues
