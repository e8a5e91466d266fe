"""The case table run on the emulator (always) and on CUDA (where there is one)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from synclint.runtime import count_syncs  # noqa: E402

from .cases import CASES, Case, Env  # noqa: E402

HAS_CUDA = torch.cuda.is_available()


def test_the_table_is_large_enough() -> None:
    assert len(CASES) >= 40
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_emulated_count_and_kinds(case: Case) -> None:
    env = Env("cpu")
    with count_syncs(backend="emulated") as syncs:
        case.body(env)
    assert [e.kind for e in syncs.events] == list(case.kinds)
    assert syncs.total == case.count


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_emulated_whole_program_agrees_on_tensors_made_before(case: Case) -> None:
    env = Env("cpu")
    with count_syncs(backend="emulated", whole_program=True) as syncs:
        case.body(env)
    # In a whole program, tensors made without a host conversion are device tensors:
    # torch.zeros(3) is one, and so is the empty buffer that a device tensor is copied into.
    expected = {"host_data_made_inside": 1, "copy_into_host_buffer": 0,
                "to_a_host_tensors_device": 0}.get(case.name, case.count)
    assert syncs.total == expected


def _same(a: object, b: object) -> bool:
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return (a.dtype, a.shape, a.device) == (b.dtype, b.shape, b.device) and bool(
            torch.equal(a, b) or (a.is_floating_point() and torch.allclose(a, b, equal_nan=True)))
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("whole_program", [False, True])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_counting_changes_no_result(case: Case, whole_program: bool) -> None:
    try:
        plain = case.body(Env("cpu"))
    except (RuntimeError, AssertionError):  # torch.cuda.synchronize() on a CPU-only torch
        pytest.skip("the case runs only inside a region, which counts it instead")
    with count_syncs(backend="emulated", whole_program=whole_program):
        counted = case.body(Env("cpu"))
    assert _same(counted, plain), (counted, plain)


@pytest.mark.skipif(not HAS_CUDA, reason="needs CUDA")
@pytest.mark.parametrize("case", [c for c in CASES if c.on_cuda], ids=[c.name for c in CASES if c.on_cuda])
def test_cuda_count_agrees_with_emulation(case: Case) -> None:
    env = Env("cuda")
    torch.cuda.synchronize()
    with count_syncs(backend="cuda") as syncs:
        case.body(env)
    assert syncs.total == case.count, syncs.events
