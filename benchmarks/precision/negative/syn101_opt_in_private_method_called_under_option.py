# expect: none
# targets: SYN101
# why: axolotl's async GRPO `_get_per_token_logps_flattened` (issue 22, fresh16 L1a): a private method whose every call in the project is under a test of an option that is off by default (`if can_flatten:`, `can_flatten = getattr(self.args, "batch_flattening", False) and ...`) runs only in runs that turn it on: its per-row reads are opt-in code, silent by default
import torch
from torch import nn


class PolicyTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model.cuda()
        self.args = args

    def compute_scores(self, ids: torch.Tensor, mask: torch.Tensor, extra: dict) -> torch.Tensor:
        ids, mask = ids.cuda(), mask.cuda()
        can_flatten = getattr(self.args, "batch_flattening", False) and not extra
        with torch.no_grad():
            if can_flatten:
                return self._flattened_logps(ids, mask)
            return self.model(ids, attention_mask=mask, **extra).log_softmax(-1).sum(-1)

    def _flattened_logps(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        lengths = mask.sum(dim=1)
        rows = []
        for row in range(ids.size(0)):
            n = int(lengths[row].item())
            rows.append(self.model(ids[row, :n].unsqueeze(0)).log_softmax(-1).sum())
        return torch.stack(rows)
