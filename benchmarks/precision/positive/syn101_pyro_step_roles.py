# expect: SYN101=2
# why: pyro runs an ELBO's loss_and_grads on every SVI step and a distribution's sample/log_prob on every model or guide draw: a single read there repeats all run long
import pyro.distributions as dist
import torch
from pyro.infer import Trace_ELBO


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
