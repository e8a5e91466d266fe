# expect: none
# targets: SYN101
# why: `.backward()` proves a tensor, not a device: a loss built from host tensors (NumPy data, a CPU weight) stays on the CPU, and its per-sample `.item()` never syncs
import numpy as np
import torch


def fit_on_cpu(xs: list[np.ndarray], ys: list[float], steps: int) -> list[float]:
    w = torch.zeros(3, requires_grad=True)
    history = []
    for _ in range(steps):
        for x, y in zip(xs, ys):
            loss = ((torch.from_numpy(x) * w).sum() - y) ** 2
            loss.backward()
            history.append(loss.item())
            with torch.no_grad():
                w -= 0.01 * w.grad
                w.grad.zero_()
    return history
