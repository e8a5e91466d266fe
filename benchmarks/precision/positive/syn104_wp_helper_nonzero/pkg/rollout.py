# expect: SYN104=1
# why: active_indices() makes a data-dependent shape (nonzero); called per environment step
import torch

from pkg.masks import active_indices


def rollout(env, policy, steps: int):
    obs = env.reset()
    for _ in range(steps):
        action = policy(obs)
        obs, reward, done = env.step(action)
        finished = active_indices(done)
    return finished
