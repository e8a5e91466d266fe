# expect: SYN101=1
# why: a lambda given to `map` runs here, once per element, with the elements' kinds: `map(lambda t: t.item(), (sigma, sigma_next))` reads two device tensors on every sampling step (eighth draw M2, denoising-diffusion-pytorch's elucidated sampler)
import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self, steps: int):
        super().__init__()
        self.register_buffer("sigmas", torch.linspace(1.0, 0.0, steps))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for sigma, sigma_next in zip(self.sigmas[:-1], self.sigmas[1:]):
            sigma, sigma_next = map(lambda t: t.item(), (sigma, sigma_next))
            x = x * sigma + sigma_next
        return x
