# expect: SYN112=1
# why: consecutive independent host reads of two device scalars
import torch


def summarize(values: torch.Tensor) -> str:
    mean = values.mean()
    std = values.std()
    mean_v = mean.item()
    std_v = std.item()
    return f"{mean_v:.3f} +- {std_v:.3f}"
