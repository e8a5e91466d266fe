# expect: none
# targets: SYN112
# why: NumPy .item() and host tensors read nothing from a GPU; one device read is one sync
import numpy as np
import torch


def describe(scores: np.ndarray, loss: torch.Tensor) -> dict[str, float]:
    host = loss.detach().cpu()
    return {"max": scores.max().item(), "min": scores.min().item(), "loss": host.item(),
            "loss2": (host * 2).item()}
