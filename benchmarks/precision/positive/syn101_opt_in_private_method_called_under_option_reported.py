# expect: SYN101=1
# why: negative/syn101_opt_in_private_method_called_under_option.py checked with --opt-in (fresh16 L1a): the per-row read is reported, naming `batch_flattening=True`
# options: opt-in
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
