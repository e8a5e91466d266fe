# expect: none
# targets: SYN102
# why: `keep = True`, then a list of Python bools on some steps: where `keep is not True` it is that list, never a tensor
import torch


def collect(env, policy, obs: torch.Tensor, max_steps: int, per_env: bool):
    keep = True
    for _ in range(max_steps):
        obs, rewards, dones = env.step(policy(obs))
        if per_env:
            keep = [not bool(d) for d in dones]
        if keep is not True:
            if not any(keep):
                break
    return obs
