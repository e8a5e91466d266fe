# expect: none
# targets: SYN101
# why: issue 22, fresh18 L4(a) (fairseq's MultitaskCriterion and label-smoothed criterions): a subclass's `__init__(..., report_accuracy=False)` passes its parameter on with `super().__init__(..., report_accuracy=report_accuracy)`, and the base keeps it as `self.report_accuracy`; its default is the subclass's False, so the accuracy count under `if self.report_accuracy:` is opt-in code, silent by default
import torch
from torch import nn


class LabelSmoothedCE(nn.Module):
    def __init__(self, label_smoothing: float, report_accuracy: bool = False) -> None:
        super().__init__()
        self.eps = label_smoothing
        self.report_accuracy = report_accuracy


class MultiModalityCE(LabelSmoothedCE):
    def __init__(self, label_smoothing: float, report_accuracy: bool = False) -> None:
        super().__init__(label_smoothing, report_accuracy=report_accuracy)

    def forward(self, lprobs: torch.Tensor, target: torch.Tensor):
        loss = -lprobs.gather(-1, target.unsqueeze(-1)).sum()
        out = {"loss": loss.detach()}
        if self.report_accuracy:
            out["n_correct"] = (lprobs.argmax(-1) == target).sum().item()
        return loss, out
