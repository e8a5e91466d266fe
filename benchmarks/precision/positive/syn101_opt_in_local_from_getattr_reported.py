# expect: SYN101=2
# why: negative/syn101_opt_in_local_from_getattr.py checked with --opt-in (fresh16 L1a): the per-row reads are reported, naming `batch_flattening=True`
# options: opt-in
import torch
from torch import nn


class PolicyTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model
        self.args = args

    def score_rollout(self, ids: torch.Tensor, mask: torch.Tensor, extra: dict) -> list[float]:
        ids, mask = ids.cuda(), mask.cuda()
        can_flatten = getattr(self.args, "batch_flattening", False) and not extra
        scores: list[float] = []
        with torch.no_grad():
            logps = self.model(ids, attention_mask=mask, **extra).log_softmax(-1)
            if can_flatten:
                lengths = mask.sum(dim=1)
                for row in range(ids.size(0)):
                    scores.append(logps[row, : int(lengths[row].item())].sum().item())
            else:
                scores = logps.sum(dim=(1, 2)).tolist()
        return scores
