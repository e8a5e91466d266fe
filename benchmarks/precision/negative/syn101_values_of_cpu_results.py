# expect: none
# targets: SYN101, SYN102
# why: `.values` / `.indices` of results on CPU tensors, and pandas' `.values`, never sync
import pandas as pd
import torch


def summarize(scores: torch.Tensor, frame: pd.DataFrame, k: int) -> list[float]:
    host = scores.detach().cpu()
    top = host.topk(k)
    out = []
    for i in range(k):
        if top.values[i] > 0.5:
            out.append(float(top.values[i]))
        out.append(int(host.max(dim=0).indices[i]))
    for value in frame.max().values:
        out.append(float(value))
    return out
