# expect: none
# targets: SYN301
# why: a mean squared error loss is not a norm
import torch


def value_loss(values: torch.Tensor, returns: torch.Tensor, old_values: torch.Tensor, clip: float):
    clipped = old_values + (values - old_values).clamp(-clip, clip)
    loss_unclipped = (values - returns) ** 2
    loss_clipped = (clipped - returns).pow(2)
    return 0.5 * torch.max(loss_unclipped, loss_clipped).mean()
