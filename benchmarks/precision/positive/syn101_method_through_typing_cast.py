# expect: SYN101=1
# why: `cast(Decoder, self.model_parts[0])` is an instance of the project class it names, so `model.get_attention_masks(...)` runs `Decoder.get_attention_masks`, whose `.tolist()` of the positions is one sync per microbatch (fresh13 M3's torchtitan `forward_backward_step`, without the subclass dispatch)
from __future__ import annotations

from typing import cast

import torch
from torch import nn


class Decoder(nn.Module):
    def get_attention_masks(self, positions: torch.Tensor) -> tuple:
        starts = (positions.flatten() == 0).to(torch.int32).cumsum(0)
        return starts, tuple(int(o) for o in starts.tolist())


class Trainer:
    def __init__(self, model_parts: list[nn.Module]) -> None:
        self.model_parts = model_parts

    def train_step(self, batches: list[torch.Tensor]) -> None:
        for positions in batches:
            model = cast(Decoder, self.model_parts[0])
            model.get_attention_masks(positions.cuda())
