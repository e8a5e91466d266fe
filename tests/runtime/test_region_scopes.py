"""What a region and an `allow_syncs` block cover when they nest: each sync is counted or
allowed by the blocks around it, and an inner region sees the tensors as the outer one does."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from synclint.runtime import allow_syncs, count_syncs  # noqa: E402


def test_a_sync_after_a_nested_allow_block_is_still_allowed() -> None:
    t = torch.randn(4)
    with count_syncs(backend="emulated") as syncs:
        with allow_syncs():
            with allow_syncs():
                t.sum().item()
            t.max().item()  # the outer block is still open
        t.min().item()  # no block left: counted
    assert (syncs.total, len(syncs.allowed)) == (1, 2)
    assert [e.function for e in syncs.events] == [
        "test_a_sync_after_a_nested_allow_block_is_still_allowed"]


def test_allow_blocks_nest_to_any_depth_and_each_exit_undoes_one_level() -> None:
    t = torch.randn(4)
    depth = 3
    with count_syncs(backend="emulated") as syncs:
        for level in range(depth):
            with allow_syncs():
                with allow_syncs():
                    pass
                for _ in range(level + 1):
                    t.sum().item()
        t.sum().item()
    assert len(syncs.allowed) == sum(range(1, depth + 1))
    assert syncs.total == 1


def test_a_host_tensor_made_in_the_outer_region_stays_a_host_tensor_in_an_inner_one() -> None:
    device_t = torch.randn(4)  # made before any region: a device tensor
    with count_syncs(backend="emulated") as outer:
        counter = torch.zeros(())  # made on the host inside the region
        with count_syncs(backend="emulated") as inner:
            counter.item()  # reading host memory never waits for the GPU
            device_t.sum().item()
    assert [e.kind for e in inner.events] == ["item"]
    assert (inner.total, outer.total) == (1, 1)


def test_an_inner_region_uses_the_whole_program_mode_of_the_outer_one() -> None:
    with count_syncs(backend="emulated", whole_program=True) as outer:
        with count_syncs(backend="emulated") as inner:
            # Made inside: a device tensor in a whole program, a host one in region mode.
            torch.ones(3).sum().item()
    assert (inner.total, outer.total) == (1, 1)


def test_a_region_opened_after_the_outer_one_ended_starts_afresh() -> None:
    with count_syncs(backend="emulated"):
        made_inside = torch.zeros(())
    # The earlier region is over: to a new region the tensor existed before it, so it is
    # a device tensor there.
    with count_syncs(backend="emulated") as later:
        made_inside.item()
    assert later.total == 1
