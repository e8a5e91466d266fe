# expect: SYN102=1
# why: vectorised env reset branch tests a device mask each step
import torch


def step_envs(envs, policy, obs: torch.Tensor, steps: int):
    for _ in range(steps):
        actions = policy(obs)
        obs, rewards, dones = envs.step(actions)
        done_mask = dones.bool()
        if done_mask.any():
            obs = envs.reset_done(obs, done_mask)
    return obs
