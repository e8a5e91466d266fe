# expect: SYN101=3
# why: look-alikes of negative/syn101_opt_in_getattr_default.py that stay reported by default: a getattr whose default turns the branch on (`use_amp`, True), a getattr of a module's own attribute (`weight`: real modules have it, so its None default is no setting), and a getattr default that the annotated config class overrides with a field default of True
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class ScoringArgs:
    batch_flattening: bool = True
    lr: float = 1e-4


class PolicyTrainer:
    def __init__(self, model: nn.Module, args: ScoringArgs) -> None:
        self.model = model
        self.args = args

    def score_batch(self, ids: torch.Tensor, mask: torch.Tensor) -> list[float]:
        ids, mask = ids.cuda(), mask.cuda()
        logps = self.model(ids, attention_mask=mask).log_softmax(-1)
        scores: list[float] = []
        if getattr(self.args, "batch_flattening", False):
            for row in range(ids.size(0)):
                scores.append(logps[row].sum().item())
        if getattr(self.args, "use_amp", True):
            for row in range(ids.size(0)):
                scores.append(logps[row].amax().item())
        return scores

    def weight_norms(self) -> list[float]:
        norms = []
        for module in self.model.modules():
            if getattr(module, "weight", None) is not None:
                norms.append(module.weight.norm().item())
        return norms
