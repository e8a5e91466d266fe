# expect: none
# targets: SYN101
# why: pandas Series have `.eq()`, `.gt()` ... too: in a file that imports pandas, `float(frame["pred"].eq(frame["label"]).sum())` per group is a host count, not a tensor read
import pandas as pd
import torch


def group_accuracy(frame: pd.DataFrame, scores: torch.Tensor) -> dict:
    accuracy = {}
    for name, group in frame.groupby("group"):
        accuracy[name] = float(group["pred"].eq(group["label"]).sum()) / len(group)
    accuracy["mean_score"] = scores.mean()
    return accuracy
