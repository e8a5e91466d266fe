# expect: SYN101=2
# why: look-alikes of negative/syn101_opt_in_default_through_super_init.py (fresh18 L4(a)): a subclass that passes `report_accuracy=True` on, and one whose own default is True, turn the option on by default: their accuracy counts are per-step reads in the default tier
import torch
from torch import nn


class LabelSmoothedCE(nn.Module):
    def __init__(self, label_smoothing: float, report_accuracy: bool = False) -> None:
        super().__init__()
        self.eps = label_smoothing
        self.report_accuracy = report_accuracy


class AlwaysReports(LabelSmoothedCE):
    def __init__(self, label_smoothing: float) -> None:
        super().__init__(label_smoothing, report_accuracy=True)

    def forward(self, lprobs: torch.Tensor, target: torch.Tensor):
        loss = -lprobs.gather(-1, target.unsqueeze(-1)).sum()
        if self.report_accuracy:
            self.last = (lprobs.argmax(-1) == target).sum().item()
        return loss


class ReportsByDefault(LabelSmoothedCE):
    def __init__(self, label_smoothing: float, report_accuracy: bool = True) -> None:
        super().__init__(label_smoothing, report_accuracy=report_accuracy)

    def forward(self, lprobs: torch.Tensor, target: torch.Tensor):
        loss = -lprobs.gather(-1, target.unsqueeze(-1)).sum()
        if self.report_accuracy:
            self.n_correct = (lprobs.argmax(-1) == target).sum().item()
        return loss
