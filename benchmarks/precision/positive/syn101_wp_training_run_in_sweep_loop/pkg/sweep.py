# expect: SYN101=3
# why: a call in a loop of a function that runs a whole training loop (`fit`: backward and an optimizer step in its own loop) is once per training run, not per step: `fit`'s own read is reported inside it, at its frequency (once per epoch), not again at each call of the sweep (fresh11 L11, stanza's train_many.py); the per-step helper `train_step` (one backward per call, `loss.item()` per call) stays reported at the loop that calls it, per batch, and so does `evaluate`'s read
import torch
from torch import nn

from pkg.trainer import fit, train_step


def sweep(batches: list[torch.Tensor], widths: list[int]) -> list[nn.Module]:
    models = []
    for width in widths:
        models.append(fit(nn.Linear(8, width), batches, epochs=3))
    return models


def fine_tune(model: nn.Module, batches: list[torch.Tensor]) -> list[float]:
    optimizer = torch.optim.Adam(model.parameters())
    losses = []
    for batch in batches:
        losses.append(train_step(model, optimizer, batch))
    return losses


def evaluate(models: list[nn.Module], batch: torch.Tensor) -> list[float]:
    return [m(batch.cuda()).mean().item() for m in models]
