# expect: SYN112=1
# why: reads of the loss and the accuracy logged together after evaluation
import torch


def report(total_loss: torch.Tensor, total_correct: torch.Tensor, n: int) -> None:
    avg_loss = total_loss / n
    accuracy = total_correct.float() / n
    print("val loss", avg_loss.item(), "val acc", accuracy.item())
