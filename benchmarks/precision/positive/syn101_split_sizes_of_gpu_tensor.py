# expect: SYN101=2
# why: pieces of a device tensor split by a host size list are device tensors: a read per piece syncs each time
import torch


def rewards_per_prompt(rewards: torch.Tensor, completions_per_prompt: list[int]) -> list[float]:
    rewards = rewards.to("cuda")
    means = [group.mean().item() for group in torch.split(rewards, completions_per_prompt)]
    maxima = [group.max().item() for group in rewards.split(completions_per_prompt)]
    return means + maxima
