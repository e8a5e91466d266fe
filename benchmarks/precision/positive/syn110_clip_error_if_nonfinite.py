# expect: SYN110=1
# why: error_if_nonfinite=True reads the norm on the host to decide whether to raise
import torch


def clip(model: torch.nn.Module, max_norm: float) -> torch.Tensor:
    return torch.nn.utils.clip_grad_norm_(
        model.parameters(), max_norm, error_if_nonfinite=True
    )
