# expect: SYN101=1
# why: a library module that imports only `unittest.mock` (to patch a function while it traces) is no test code: its per-step `.item()` stays reported (look-alike of negative/syn101_cold_unittest_helpers.py)
from unittest.mock import patch

import torch
from torch import nn


def train_with_patched_dropout(model: nn.Module, batches: list[torch.Tensor]) -> list[float]:
    model = model.cuda()
    optimizer = torch.optim.AdamW(model.parameters())
    losses = []
    with patch.object(nn.functional, "dropout", lambda x, *args, **kwargs: x):
        for batch in batches:
            loss = model(batch.cuda()).square().mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
    return losses
