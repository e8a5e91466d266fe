# expect: none
# targets: SYN101
# why: a method named loss of a class that derives from no mmdet or mmengine base is not a known per-step role: its one .item() outside any loop is not reported
import torch


class ReportCard:
    def loss(self, history: torch.Tensor) -> float:
        return history.mean().item()

    def bbox_loss(self, errors: torch.Tensor) -> float:
        return errors.abs().max().item()
