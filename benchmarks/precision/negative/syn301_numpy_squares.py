# expect: none
# targets: SYN301
# why: NumPy squared sums (float64 by default), no torch tensor involved
import numpy as np
import torch


def weight_norm_report(state: dict[str, np.ndarray]) -> dict[str, float]:
    report = {}
    for name, arr in state.items():
        a = np.asarray(arr, dtype=np.float64)
        report[name] = float(np.sqrt(np.sum(a ** 2)))
        report[name + "/sq"] = float((a * a).sum())
    return report


def as_tensors(report: dict[str, float]) -> dict[str, torch.Tensor]:
    return {k: torch.tensor(v) for k, v in report.items()}
