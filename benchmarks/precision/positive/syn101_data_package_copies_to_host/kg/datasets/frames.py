# expect: SYN101=1
# why: a function of a data package that copies values to the host itself (`.cpu()`) shows it is handed values that may live elsewhere (a prediction's scores passed as keyword columns): its per-column .cpu() is a real sync, so the package's host role does not hold there
import pandas as pd
import torch


def tensor_to_df(tensor: torch.Tensor, **kwargs: torch.Tensor) -> pd.DataFrame:
    data = dict(zip(["head_id", "relation_id", "tail_id"], tensor.T.tolist()))
    for key, values in kwargs.items():
        if isinstance(values, torch.Tensor):
            values = values.cpu().numpy()
        data[key] = values
    return pd.DataFrame(data)
