# expect: SYN101=2
# why: a bound method handed to an invoker that calls it now (trl's _forward_redirection, torch.utils.checkpoint) runs where the invoker runs: per step here
import torch
import torch.utils.checkpoint
from torch import nn
from transformers import Trainer

from .redirect import ForwardRedirection


class DistillTrainer(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._forward_redirection = ForwardRedirection()
        self.tokens_seen = 0.0

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        unwrapped = self.accelerator.unwrap_model(model)
        return self._forward_redirection(model, unwrapped, self._compute_loss, unwrapped, inputs)

    def _compute_loss(self, unwrapped_model, inputs):
        self.tokens_seen += float(inputs["attention_mask"].sum())
        return unwrapped_model(**inputs).loss


class CheckpointedBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.inner = nn.Linear(dim, dim)
        self.peak = 0.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.utils.checkpoint.checkpoint(self._run, x, use_reentrant=False)

    def _run(self, x):
        y = self.inner(x)
        self.peak = max(self.peak, y.abs().max().item())
        return y
