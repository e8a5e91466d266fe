# expect-fix: safe
"""Autocorrelation aggregation that reads the top-k delays on the host only in training
(reduced from transformers' Autoformer attention): in inference it gathers on the device
and reads nothing. A `.tolist()` of the delays read before the loop would add a sync to
every inference step, so the fix collects the reads under the loop's own condition
(`... for i in range(top_k) if self.training`): none where it does not hold. The
accumulator `delays_agg += ...` is a tensor the function made: it changes nothing read."""
from __future__ import annotations

import torch
from torch import nn


class AutoCorrelation(nn.Module):
    def forward(self, value_states: torch.Tensor, scores: torch.Tensor, top_k: int) -> torch.Tensor:
        _, top_k_delays_index = torch.topk(scores, top_k)
        delays_agg = torch.zeros_like(value_states).float()
        for i in range(top_k):
            if not self.training:
                value_states_roll_delay = value_states * 1.0
            else:
                value_states_roll_delay = value_states.roll(shifts=-int(top_k_delays_index[i]), dims=1)
            delays_agg += value_states_roll_delay * (i + 1)
        return delays_agg


def naive(value_states: torch.Tensor, scores: torch.Tensor, top_k: int,
          training: bool) -> torch.Tensor:
    return AutoCorrelation().train(training)(value_states, scores, top_k)


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, int, bool]]:
    values = torch.arange(12.0).view(1, 6, 2)
    scores = torch.tensor([0.1, 0.7, 0.2, 0.9, 0.0, 0.3])
    return [(values, scores, 3, True), (values, scores, 3, False), (values, scores, 0, True),
            (values.half(), scores, 2, True)]
