# expect: none
# targets: SYN101
# why: axolotl's async GRPO trainer (issue 22, fresh16 L1a): `if getattr(self.args, "batch_flattening", False) and ...:` reads the trainer option `batch_flattening`, off by its getattr default; the flattened path's per-row reads run only in runs that turn it on: opt-in code, silent by default
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
