# expect: SYN105=1
# why: every NumPy observation from env.step is copied to the GPU with torch.as_tensor(device=...)
import torch


@torch.no_grad()
def evaluate_policy(env, policy, device, episodes=10):
    returns = []
    for _ in range(episodes):
        obs, done, ep_ret = env.reset(), False, 0.0
        while not done:
            obs_t = torch.as_tensor(obs, dtype=torch.float32, device=device)
            action = policy.act(obs_t)
            obs, reward, done, _ = env.step(action)
            ep_ret += reward
        returns.append(ep_ret)
    return returns
