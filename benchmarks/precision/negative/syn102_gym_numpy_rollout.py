# expect: none
# targets: SYN102, SYN101
# why: a Gymnasium env steps on NumPy: terminated/truncated/reward are host values
import gymnasium as gym
import numpy as np
import torch


def rollout(env: gym.Env, select_action, max_steps: int) -> float:
    obs, info = env.reset()
    episode_return = 0.0
    for _ in range(max_steps):
        with torch.no_grad():
            action = select_action(obs)
        obs, reward, terminated, truncated, info = env.step(action)
        episode_return += float(reward)
        if terminated or truncated or np.any(obs > 10):
            break
    return episode_return
