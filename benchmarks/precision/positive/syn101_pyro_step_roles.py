# expect: SYN101=4
# why: pyro runs an ELBO's loss_and_grads on every SVI step, a distribution's sample/log_prob on every model or guide draw, and an MCMC kernel's sample on every MCMC step: a single read there repeats all run long
import pyro.distributions as dist
import torch
from pyro.infer import Trace_ELBO
from pyro.infer.mcmc import MCMCKernel


class ClippedTraceELBO(Trace_ELBO):
    def loss_and_grads(self, model, guide, *args, **kwargs):
        loss = self.differentiable_loss(model, guide, *args, **kwargs)
        loss.backward()
        return loss.item()


class TruncatedPoisson(dist.TorchDistribution):
    def __init__(self, rate: torch.Tensor, high: torch.Tensor) -> None:
        self.rate = rate
        self.high = high
        super().__init__(batch_shape=rate.shape)

    def sample(self, sample_shape=torch.Size()):
        limit = int(self.high.max())
        draws = torch.poisson(self.rate.expand(sample_shape + self.rate.shape))
        return draws.clamp(max=limit)

    def log_prob(self, value):
        return value * self.rate.log() - self.rate - torch.lgamma(value + 1)


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
        print("largest draw", draw.abs().max().item())
        return draw
