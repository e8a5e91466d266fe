# expect: none
# targets: SYN102
# why: the same stop-early rollout on a Gymnasium vector env: `partial & ~terminated` is a NumPy array, so where `partial is not True` its `.any()` is a host test
import numpy as np
import torch


def rollout_stop_early(envs, policy, obs: np.ndarray, max_steps: int, track_partial: bool):
    partial = True
    for _ in range(max_steps):
        with torch.no_grad():
            action = policy(torch.as_tensor(obs)).numpy()
        obs, reward, terminated, truncated, info = envs.step(action)
        if track_partial:
            partial = partial & ~np.logical_or(terminated, truncated)
        if partial is not True:
            if not partial.any():
                break
        if not isinstance(partial, bool) and not partial.any():
            break
    return obs
