# expect: SYN102=1
# why: sign_of() compares its argument in an `if`; called with a tensor once per step
import torch


from helpers import sign_of


def advantage_signs(values: torch.Tensor, rewards: torch.Tensor) -> list[int]:
    signs = []
    for t in range(rewards.shape[0]):
        signs.append(sign_of(rewards[t] - values[t]))
    return signs
