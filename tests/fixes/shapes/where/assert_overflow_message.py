# expect-fix: unsafe
"""An overflow check with a message written over several lines (reduced from transformers'
I-BERT `IntLayerNorm`, `assert var_int.max() < 2**self.max_bit + 0.1, ("..." "...")`):
`torch._assert_async(cond, ("..." "..."))` checks on the device, the message kept as it
was written. Unsafe: a failed check raises a RuntimeError (on CUDA later, as a
device-side assert) where `assert` raised an AssertionError at once; where it holds, the
result is the same. (diffusers' CogView4 `assert torch.sum(lengths) == unpadded.shape[0]`
and torchtune's KV caches take the same fix: assert_cache_position.py.)"""
from __future__ import annotations

import torch


def naive(y_int: torch.Tensor, max_bit: int) -> torch.Tensor:
    var_int = (y_int * y_int).sum(dim=-1, keepdim=True)
    if max_bit > 0:
        assert var_int.max() < 2**max_bit + 0.1, (
            "Error detected in overflow handling: "
            "`var_int` exceeds `self.max_bit` (the maximum possible bit width)"
        )
    return torch.sqrt(var_int)


def inputs() -> list[tuple[torch.Tensor, int]]:
    return [(torch.tensor([[1.0, 2.0], [3.0, 1.0]]), 8), (torch.tensor([[4.0, 4.0]]), 6),
            (torch.tensor([[100.0]]), 0)]


def edge_inputs() -> list[tuple[torch.Tensor, int]]:
    return [(torch.tensor([[100.0, 100.0]]), 8)]
