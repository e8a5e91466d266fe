# expect: SYN105=1
# why: one tiny host-to-device copy per environment step
import torch


def collect(env, agent, steps):
    buffer = []
    obs = agent.initial_obs()
    for _ in range(steps):
        action = agent.act(obs)
        next_obs, reward, done = env.step(action)
        reward_t = torch.tensor([reward], device="cuda")
        buffer.append((obs, action, reward_t, next_obs, done))
        obs = next_obs
    return buffer
