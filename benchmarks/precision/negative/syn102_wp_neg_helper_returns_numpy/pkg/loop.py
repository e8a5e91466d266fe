# expect: none
# targets: SYN102
# why: mean_reward() returns a NumPy value; comparing it per episode does not touch the GPU
import torch

from pkg.stats import mean_reward


def run(env, policy, episodes: int) -> int:
    solved = 0
    for _ in range(episodes):
        rewards = env.play(policy)
        if mean_reward(rewards) > 195:
            solved += 1
    return solved
