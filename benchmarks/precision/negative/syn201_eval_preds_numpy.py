# expect: none
# targets: SYN201
# why: predictions concatenated and handed to sklearn as a whole array
import torch
from sklearn.metrics import f1_score


def macro_f1(pred_batches: list[torch.Tensor], label_batches: list[torch.Tensor]) -> float:
    preds = torch.cat([p.flatten() for p in pred_batches]).cpu().numpy()
    labels = torch.cat([y.flatten() for y in label_batches]).cpu().numpy()
    return f1_score(labels, preds, average="macro")
