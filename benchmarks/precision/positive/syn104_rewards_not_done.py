# expect: SYN104=1
# why: indexing with an inverted done mask every step of the rollout
import torch


def alive_rewards(rewards: torch.Tensor, dones: torch.Tensor) -> list[torch.Tensor]:
    per_step = []
    for t in range(rewards.shape[0]):
        alive = ~dones[t].bool()
        per_step.append(rewards[t][alive])
    return per_step
