# expect: SYN101=2
# why: negative/syn101_opt_in_getattr_default.py checked with --opt-in (fresh16 L1a): the flattened path's two per-row reads are reported, naming `batch_flattening=True`
# options: opt-in
import torch
from torch import nn


class PolicyTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model
        self.args = args

    def score_batch(self, ids: torch.Tensor, mask: torch.Tensor) -> list[float]:
        ids, mask = ids.cuda(), mask.cuda()
        logps = self.model(ids, attention_mask=mask).log_softmax(-1)
        scores: list[float] = []
        if getattr(self.args, "batch_flattening", False) and mask.dim() == 2:
            lengths = mask.sum(dim=1)
            for row in range(ids.size(0)):
                scores.append(logps[row, : int(lengths[row].item())].sum().item())
            return scores
        return logps.sum(dim=(1, 2)).tolist()
