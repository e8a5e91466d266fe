# expect: none
# targets: SYN105
# why: `x = x.to(device)` in the loop copies only on the first iteration: x stays on the device
import numpy as np
import torch


def rollout(policy, obs: np.ndarray, steps: int, device):
    x = torch.from_numpy(obs).float()
    for _ in range(steps):
        x = x.to(device)
        x = policy(x)
    return x
