import torch


def compute_returns(rewards: list[float], gamma: float):
    out = []
    running = 0.0
    for r in reversed(rewards):
        running = r + gamma * running
        out.insert(0, running)
    return torch.tensor(out, device="cuda")
