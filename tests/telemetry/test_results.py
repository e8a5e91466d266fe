"""The reference telemetry gives the naive versions' results, or float64's where they overflow."""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")

from synclint import telemetry  # noqa: E402
from synclint.telemetry import (  # noqa: E402
    GradientStats,
    check_numerical_stability,
    grad_norm,
    gradient_stats,
)
from tests.telemetry.telemetry_models import ParamList  # noqa: E402

NAN, INF = float("nan"), float("inf")
MIXED = [torch.float32, torch.float16, torch.bfloat16]


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return a == b or (math.isnan(a) and math.isnan(b))


def _f64_norm(tensors, ord=2.0) -> float:
    flat = torch.cat([t.detach().reshape(-1).double() for t in tensors])
    return float(torch.linalg.vector_norm(flat, ord))


def _random_model(seed: int, n: int = 40, mixed: bool = False) -> ParamList:
    gen = torch.Generator().manual_seed(seed)
    shapes = [tuple(torch.randint(1, 9, (int(torch.randint(1, 4, (1,), generator=gen)),), generator=gen).tolist()) for _ in range(n)]
    dtypes = [MIXED[i % 3] for i in range(n)] if mixed else None
    return ParamList(shapes, dtypes, seed=seed)


def _inject(model: ParamList, seed: int) -> None:
    """Put NaN/Inf/-Inf/zeros in some weights and grads; drop some grads."""
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            r = int(torch.randint(0, 8, (1,), generator=gen))
            flat_w, flat_g = p.view(-1), p.grad.view(-1)
            k = int(torch.randint(0, p.numel(), (1,), generator=gen))
            if r == 0:
                flat_w[k] = NAN
            elif r == 1:
                flat_w[k] = -INF
            elif r == 2:
                flat_g[k] = NAN
            elif r == 3:
                flat_g[k] = INF
                flat_g[-1] = NAN
            elif r == 4:
                p.grad = None
            elif r == 5:
                p.grad.zero_()


# check_numerical_stability ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("mixed", [False, True])
def test_stability_report_names_match_naive(naive, seed: int, mixed: bool) -> None:
    model = _random_model(seed, mixed=mixed)
    _inject(model, seed)
    ours = check_numerical_stability(model)
    ref = naive.check_numerical_stability(model)
    assert ours.nan_weights == ref.nan_weights
    assert ours.inf_weights == ref.inf_weights
    assert ours.nan_grads == ref.nan_grads
    assert ours.inf_grads == ref.inf_grads
    assert ours.has_issues == bool(ref.nan_weights or ref.inf_weights or ref.nan_grads or ref.inf_grads)


def test_stability_report_names_each_offending_parameter() -> None:
    model = ParamList([(3,), (4,), (5,)])
    names = [n for n, _ in model.named_parameters()]
    with torch.no_grad():
        model.params[0][1] = NAN
        model.params[1].grad[0] = INF
        model.params[2].grad[0] = NAN
        model.params[2].grad[1] = -INF
    model.params[0].grad = None
    report = check_numerical_stability(model)
    assert report.nan_weights == [names[0]]
    assert report.inf_weights == []
    assert report.nan_grads == [names[2]]
    assert report.inf_grads == [names[1], names[2]]
    assert report.has_issues


def test_clean_model_has_no_issues() -> None:
    report = check_numerical_stability(ParamList([(3, 3), (7,)]))
    assert report == telemetry.NumericalStabilityReport([], [], [], [])
    assert not report.has_issues


def test_model_without_parameters_gives_empty_report() -> None:
    assert not check_numerical_stability(torch.nn.Module()).has_issues


def test_report_is_frozen() -> None:
    report = check_numerical_stability(torch.nn.Module())
    with pytest.raises(AttributeError):
        report.nan_weights = ["x"]  # type: ignore[misc]


# grad_norm --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_grad_norm_agrees_with_naive_when_nothing_overflows(naive, seed: int) -> None:
    model = _random_model(seed)
    ours = grad_norm(model.parameters())
    assert ours == pytest.approx(naive.grad_norm(model), rel=1e-6)
    assert ours == pytest.approx(_f64_norm([p.grad for p in model.parameters()]), rel=1e-12)


def test_grad_norm_of_1e20_gradients_is_finite_and_exact(naive) -> None:
    model = ParamList([(100,), (37, 3), (5,)])
    for p in model.parameters():
        p.grad = p.grad * 1e20
    assert naive.grad_norm(model) == INF  # the float32 squares overflow
    ours = grad_norm(model.parameters())
    assert ours is not None and math.isfinite(ours)
    assert ours == pytest.approx(_f64_norm([p.grad for p in model.parameters()]), rel=1e-6)
    assert ours > 1e20


def test_grad_norm_of_float16_gradients_near_their_max_does_not_overflow() -> None:
    model = ParamList([(1000,)], [torch.float16])
    model.params[0].grad = torch.full((1000,), 60000.0, dtype=torch.float16)
    assert grad_norm(model.parameters()) == pytest.approx(60000.0 * math.sqrt(1000), rel=1e-9)


@pytest.mark.parametrize("ord", [1.0, 2.0, 3.0, 0.5, INF, -INF, 0.0])
def test_grad_norm_supports_any_order(ord: float) -> None:
    model = _random_model(3, mixed=True)
    grads = [p.grad for p in model.parameters()]
    assert grad_norm(model.parameters(), norm_type=ord) == pytest.approx(_f64_norm(grads, ord), rel=1e-9)


def test_grad_norm_inf_is_the_largest_magnitude() -> None:
    model = ParamList([(3,), (2,)])
    model.params[0].grad = torch.tensor([1.0, -7.5, 2.0])
    model.params[1].grad = torch.tensor([3.0, 4.0])
    assert grad_norm(model.parameters(), float("inf")) == 7.5
    assert grad_norm(model.parameters(), 1) == 17.5


def test_grad_norm_skips_parameters_without_gradients() -> None:
    model = ParamList([(3,), (2,)])
    model.params[0].grad = None
    model.params[1].grad = torch.tensor([3.0, 4.0])
    assert grad_norm(model.parameters()) == 5.0


def test_grad_norm_without_any_gradient_is_none() -> None:
    model = ParamList([(3,), (2,)])
    for p in model.parameters():
        p.grad = None
    assert grad_norm(model.parameters()) is None
    assert grad_norm([]) is None


def test_grad_norm_accepts_a_single_tensor() -> None:
    p = torch.nn.Parameter(torch.zeros(2))
    p.grad = torch.tensor([6.0, 8.0])
    assert grad_norm(p) == 10.0


def test_grad_norm_propagates_nan() -> None:
    model = ParamList([(3,), (2,)])
    model.params[1].grad[0] = NAN
    result = grad_norm(model.parameters())
    assert result is not None and math.isnan(result)


def test_grad_norm_accepts_a_generator_once() -> None:
    model = ParamList([(3,), (2,)])
    expected = _f64_norm([p.grad for p in model.parameters()])
    assert grad_norm(p for p in model.parameters()) == pytest.approx(expected, rel=1e-12)


# gradient_stats ---------------------------------------------------------------------


def _assert_stats_match_naive(ours: GradientStats, ref: dict, grads) -> None:
    assert ours.nan_count == ref["nan_count"]
    assert ours.inf_count == ref["inf_count"]
    assert ours.numel == ref["numel"]
    assert ours.zero_fraction == ref["zero_fraction"]
    assert _same(ours.min, ref["min"])
    assert _same(ours.max, ref["max"])
    if math.isfinite(ref["norm"]):
        assert ours.norm == pytest.approx(ref["norm"], rel=1e-5)
    expected_norm = _f64_norm(grads)
    assert _same(ours.norm, expected_norm) or ours.norm == pytest.approx(expected_norm, rel=1e-12)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("mixed", [False, True])
def test_gradient_stats_agree_with_naive(naive, seed: int, mixed: bool) -> None:
    model = _random_model(seed, mixed=mixed)
    _inject(model, seed)
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    _assert_stats_match_naive(gradient_stats(grads), naive.gradient_stats(grads), grads)


def test_gradient_stats_counts_are_exact() -> None:
    grads = [
        torch.tensor([0.0, -0.0, 1.0, NAN]),
        torch.tensor([[INF, -INF], [2.0, 0.0]]),
        torch.tensor([-3.0], dtype=torch.float16),
    ]
    stats = gradient_stats(grads)
    assert (stats.nan_count, stats.inf_count, stats.numel) == (1, 2, 9)
    assert stats.zero_fraction == 3 / 9
    assert math.isnan(stats.min) and math.isnan(stats.max)  # NaN propagates, like cat().min()
    assert math.isnan(stats.norm)


def test_gradient_stats_min_max_without_nan() -> None:
    grads = [torch.tensor([1.0, -INF]), torch.tensor([5.0], dtype=torch.bfloat16)]
    stats = gradient_stats(grads)
    assert (stats.min, stats.max) == (-INF, 5.0)
    assert stats.norm == INF


def test_gradient_stats_of_1e20_gradients_have_a_finite_norm(naive) -> None:
    grads = [torch.randn(300) * 1e20, torch.randn(7, 7) * 1e20]
    ref = naive.gradient_stats(grads)
    assert ref["norm"] == INF
    stats = gradient_stats(grads)
    assert stats.norm == pytest.approx(_f64_norm(grads), rel=1e-6)
    _assert_stats_match_naive(stats, ref, grads)


def test_gradient_stats_of_all_zero_gradients() -> None:
    stats = gradient_stats([torch.zeros(4), torch.zeros(2, 3, dtype=torch.float16)])
    assert stats == GradientStats(0, 0, 1.0, 0.0, 0.0, 0.0, 10)


def test_gradient_stats_of_nothing() -> None:
    assert gradient_stats([]) == GradientStats(0, 0, 0.0, 0.0, None, None, 0)
    assert gradient_stats([torch.empty(0), torch.empty(3, 0)]).numel == 0


def test_gradient_stats_skip_empty_tensors_among_others() -> None:
    stats = gradient_stats([torch.empty(0), torch.tensor([2.0, -1.0])])
    assert (stats.min, stats.max, stats.numel) == (-1.0, 2.0, 2)


def test_gradient_stats_of_non_contiguous_gradients() -> None:
    g = torch.arange(12.0).reshape(3, 4).t()
    stats = gradient_stats([g])
    assert (stats.min, stats.max, stats.numel, stats.zero_fraction) == (0.0, 11.0, 12, 1 / 12)


@pytest.mark.parametrize("seed", range(3))
def test_chunking_and_packing_do_not_change_results(naive, monkeypatch, seed: int) -> None:
    # Tiny chunks force both paths: large tensors split into views, small ones packed.
    monkeypatch.setattr(telemetry, "CHUNK_ELEMENTS", 7)
    monkeypatch.setattr(telemetry, "PACK_FLOOR_ELEMENTS", 3)
    model = _random_model(seed, n=30, mixed=True)
    _inject(model, seed + 100)
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    _assert_stats_match_naive(gradient_stats(grads), naive.gradient_stats(grads), grads)
    for ord in (1.0, 2.0, INF, 3.0):
        assert _same(grad_norm(model.parameters(), ord), _f64_norm(grads, ord)) or grad_norm(
            model.parameters(), ord
        ) == pytest.approx(_f64_norm(grads, ord), rel=1e-12)


def test_buckets_cover_every_element_once_within_the_cap(monkeypatch) -> None:
    monkeypatch.setattr(telemetry, "CHUNK_ELEMENTS", 10)
    monkeypatch.setattr(telemetry, "PACK_FLOOR_ELEMENTS", 4)
    tensors = [torch.arange(n, dtype=torch.float32) + 100 * i for i, n in enumerate([1, 25, 3, 0, 8, 2, 2])]
    buckets = list(telemetry._buckets(tensors))
    assert max(b.numel() for b in buckets) <= 10
    assert torch.equal(torch.cat(buckets), torch.cat(tensors))


def test_partial_results_are_combined_on_an_accelerator_when_there_is_one() -> None:
    cpu, meta = torch.zeros(1), torch.zeros(1, device="meta")
    assert telemetry._combine_device([cpu, meta]) == torch.device("meta")
    assert telemetry._combine_device([cpu]) == torch.device("cpu")
