# expect-fix: unsafe
"""A bounds check on a cache position kept on the device (reduced from torchtune's KV
caches, `assert (self.cache_pos[0] + seq_len) <= self.max_seq_len`): `torch._assert_async`
checks on the device, with no sync. Unsafe: a failed check raises a RuntimeError (on CUDA
later, as a device-side assert) where `assert` raised an AssertionError at once; where the
check holds, the result is the same."""
from __future__ import annotations

import torch


def naive(cache_pos: torch.Tensor, seq_len: int, max_seq_len: int) -> torch.Tensor:
    assert (cache_pos[0] + seq_len) <= max_seq_len
    return cache_pos[:seq_len] + 1


def inputs() -> list[tuple[torch.Tensor, int, int]]:
    return [(torch.arange(8), 4, 8), (torch.arange(8), 8, 8), (torch.zeros(3, dtype=torch.long), 1, 5)]


def edge_inputs() -> list[tuple[torch.Tensor, int, int]]:
    return [(torch.arange(8) + 6, 4, 8)]
