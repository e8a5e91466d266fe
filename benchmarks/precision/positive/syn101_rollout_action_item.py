# expect: SYN101=1, SYN105=1
# why: RL rollout: each host observation is copied to the device (.to) and the sampled action read back (.item) every step
import torch


def run_episode(env, policy, device, max_steps=1000):
    obs = env.reset()
    total_reward = 0.0
    steps = 0
    done = False
    while not done and steps < max_steps:
        logits = policy(torch.as_tensor(obs).unsqueeze(0).to(device))
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        obs, reward, done, _ = env.step(action.item())
        total_reward += reward
        steps += 1
    return total_reward, steps
