# expect: none
# targets: SYN110
# why: clip_grad_norm_ without error_if_nonfinite never reads the norm on the host
import torch


def clip(model: torch.nn.Module, max_norm: float) -> torch.Tensor:
    first = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm, error_if_nonfinite=False)
    return first
