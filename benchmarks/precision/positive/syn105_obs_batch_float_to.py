# expect: SYN105=1
# why: a vectorised env's NumPy observations converted and moved every step
import torch


def rollout(envs, policy, device, horizon=128):
    obs_batch = envs.reset()
    values = []
    for _ in range(horizon):
        x = torch.from_numpy(obs_batch).float().to(device)
        action, value = policy(x)
        values.append(value)
        obs_batch, _, _, _ = envs.step(action)
    return torch.stack(values)
