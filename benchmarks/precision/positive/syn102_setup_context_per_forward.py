# expect: SYN102=1
# why: an autograd Function's `setup_context` runs on every forward: its tensor test syncs per step, whatever the name says
import torch


class ClampGrad(torch.autograd.Function):
    @staticmethod
    def forward(x: torch.Tensor, limit: torch.Tensor) -> torch.Tensor:
        return x.clone()

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, limit = inputs
        if (x.abs() > limit).any():
            ctx.clipped = True
        ctx.save_for_backward(limit)
