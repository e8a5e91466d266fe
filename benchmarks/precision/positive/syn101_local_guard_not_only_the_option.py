# expect: SYN101=2
# why: look-alikes of negative/syn101_opt_in_local_from_getattr.py that stay reported by default: a local that holds when the option is off too (`getattr(...) or mask is None`), and a local assigned again inside the loop before it is tested (its value there is not the first assignment's)
import torch
from torch import nn


class PolicyTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model
        self.args = args

    def score_rollout(self, ids: torch.Tensor, mask: torch.Tensor | None) -> list[float]:
        ids = ids.cuda()
        per_row = getattr(self.args, "batch_flattening", False) or mask is None
        logps = self.model(ids).log_softmax(-1)
        scores: list[float] = []
        if per_row:
            for row in range(ids.size(0)):
                scores.append(logps[row].sum().item())
        return scores

    def score_groups(self, groups: list[torch.Tensor]) -> list[float]:
        scores: list[float] = []
        track = getattr(self.args, "track_groups", False)
        for group in groups:
            logps = self.model(group.cuda()).log_softmax(-1)
            track = bool(len(scores) < 8)
            if track:
                scores.append(logps.sum().item())
        return scores
