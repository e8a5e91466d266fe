# expect: SYN105=1
# why: a per-episode reward list turned into a device tensor inside the episode loop
import torch


def reinforce_losses(episodes, device, gamma=0.99):
    losses = []
    for log_probs, rewards in episodes:
        returns, g = [], 0.0
        for r in reversed(rewards):
            g = r + gamma * g
            returns.insert(0, g)
        returns_t = torch.tensor(returns, dtype=torch.float32, device=device)
        losses.append(-(torch.stack(log_probs) * returns_t).sum())
    return torch.stack(losses).mean()
