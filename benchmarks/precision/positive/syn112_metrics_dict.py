# expect: SYN112=1
# why: three separate .item() reads in one dict: three syncs where one transfer would do
import torch


def step_metrics(loss: torch.Tensor, correct: torch.Tensor, grad_norm: torch.Tensor) -> dict:
    acc = correct.float().mean()
    return {"loss": loss.item(), "acc": acc.item(), "grad_norm": grad_norm.item()}
