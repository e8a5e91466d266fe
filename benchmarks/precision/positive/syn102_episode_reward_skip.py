# expect: SYN102=1
# why: per-episode condition on a summed reward tensor
import torch


def discounted_returns(episodes: list[torch.Tensor], gamma: float = 0.99) -> list[torch.Tensor]:
    out = []
    for rewards in episodes:
        if rewards.sum() == 0:
            out.append(torch.zeros_like(rewards))
            continue
        discounts = gamma ** torch.arange(rewards.numel(), device=rewards.device)
        out.append(torch.flip(torch.cumsum(torch.flip(rewards * discounts, [0]), 0), [0]) / discounts)
    return out
