# expect: none
# targets: SYN101
# why: axolotl's async GRPO scoring (issue 22, fresh16 L1a): a local assigned once, at the top of the function, from `getattr(self.args, "batch_flattening", False) and ...` and tested later (`if can_flatten:`) is a test of the option, off by default: the per-row reads under it are opt-in code, silent by default
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
