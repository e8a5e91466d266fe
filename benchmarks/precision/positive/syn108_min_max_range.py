# expect: SYN108=2
# why: min() and max() of a list of per-layer scales: two hidden loops of tensor comparisons
import torch


def scale_range(model: torch.nn.Module) -> tuple[torch.Tensor, torch.Tensor]:
    scales = [p.abs().max() for p in model.parameters()]
    low = min(scales)
    high = max(scales)
    return low, high
