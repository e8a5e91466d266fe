# expect: SYN102=1
# why: a stopping criterion called with `None` for its logits still returns a tensor made where its other input lives: a `None` argument is no host number, so it proves nothing about the result's device, and `torch.any` of it in an `if` is a sync (transformers generation_diffusion_gemma.py:1099, lost when `device=x.device` began to follow x)
import torch


class StableStoppingCriteria:
    def __init__(self, threshold: float):
        self.threshold = threshold

    def __call__(self, canvas: torch.Tensor, logits: torch.Tensor | None, **kwargs) -> torch.Tensor:
        stable = torch.ones(canvas.shape[0], device=logits.device, dtype=torch.bool)
        confident = torch.mean(logits, dim=-1) < self.threshold
        return stable & confident


def finalize(input_ids: torch.Tensor, criteria: StableStoppingCriteria, pad: int) -> torch.Tensor:
    finished = criteria(input_ids, None)
    if torch.any(finished):
        input_ids[finished] = pad
    return input_ids
