# expect: SYN101=2
# why: look-alikes of negative/syn101_opt_in_private_method_called_under_option.py that stay reported by default: a private method that one call runs under the option and another on every step, and a public method called here only under the option (code outside the project may call it on every step)
import torch
from torch import nn


class PolicyTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model.cuda()
        self.args = args

    def compute_scores(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        ids, mask = ids.cuda(), mask.cuda()
        if getattr(self.args, "batch_flattening", False):
            self.flattened_stats(ids, mask)
            return self._flattened_logps(ids, mask)
        return self.model(ids, attention_mask=mask).log_softmax(-1).sum(-1)

    def reference_scores(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self._flattened_logps(ids.cuda(), mask.cuda())

    def _flattened_logps(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        lengths = mask.sum(dim=1)
        rows = []
        for row in range(ids.size(0)):
            n = int(lengths[row].item())
            rows.append(self.model(ids[row, :n].unsqueeze(0)).log_softmax(-1).sum())
        return torch.stack(rows)

    def flattened_stats(self, ids: torch.Tensor, mask: torch.Tensor) -> list[int]:
        return [int(mask[row].sum().item()) for row in range(ids.size(0))]
