# expect: SYN101=1
# why: `smoothed` reads the property `EMA.current`, whose getter calls `.item()`: calling it in the loop syncs once per batch (the chain runs through the property read)
import torch

from ema import EMA


def smoothed(ema: EMA) -> float:
    return ema.current


def fit(model: torch.nn.Module, loader, optimizer, device: torch.device) -> list:
    ema = EMA(0.99, device)
    curve = []
    for batch in loader:
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
        ema.update(loss)
        curve.append(smoothed(ema))
    return curve
