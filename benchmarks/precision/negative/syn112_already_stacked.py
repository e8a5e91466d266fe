# expect: none
# targets: SYN112
# why: the values are read in one stacked transfer already
import torch


def step_metrics(loss: torch.Tensor, acc: torch.Tensor) -> dict[str, float]:
    loss_v, acc_v = torch.stack([loss.detach(), acc]).tolist()
    return {"loss": loss_v, "acc": acc_v}
