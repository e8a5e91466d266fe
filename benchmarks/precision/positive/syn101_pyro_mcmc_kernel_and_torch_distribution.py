# expect: SYN101=2
# why: pyro runs an MCMC kernel's sample on every MCMC step, and a torch distribution's rsample runs on every draw of a model or guide: a single read there repeats all run long
import torch
from pyro.infer.mcmc import MCMCKernel


class RandomWalkKernel(MCMCKernel):
    def __init__(self, potential_fn, step_size: float = 0.1) -> None:
        self.potential_fn = potential_fn
        self.step_size = step_size

    def sample(self, params: dict) -> dict:
        proposal = {k: v + self.step_size * torch.randn_like(v) for k, v in params.items()}
        delta = self.potential_fn(params) - self.potential_fn(proposal)
        accept_prob = delta.exp().clamp(max=1.0)
        if torch.rand(()) < accept_prob.item():
            return proposal
        return params


class BoundedNormal(torch.distributions.Normal):
    def rsample(self, sample_shape=torch.Size()):
        draw = super().rsample(sample_shape)
        self.largest = max(self.largest, draw.abs().max().item())
        return draw
