# expect: none
# targets: SYN101
# why: `decay` is a syncing property of `DeviceEMA` only; the loop reads `HostEMA.decay`, a plain float attribute of an unrelated class
import torch

from averages import HostEMA


def smooth(values: list[float]) -> torch.Tensor:
    ema = HostEMA(0.9)
    out = []
    for x in values:
        ema.update(x)
        out.append(ema.decay * ema.value)
    return torch.tensor(out)
