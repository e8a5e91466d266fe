# expect: SYN201=1
# why: a flat copy of all weights used for mean / min / max telemetry only
import torch
from torch import nn


@torch.no_grad()
def weight_stats(model: nn.Module) -> dict[str, torch.Tensor]:
    flat = torch.cat([p.detach().view(-1) for p in model.parameters()])
    return {"mean": flat.mean(), "min": flat.min(), "max": flat.max()}
