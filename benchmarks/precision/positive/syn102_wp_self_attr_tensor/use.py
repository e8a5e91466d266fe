import torch

from tracker import RewardTracker


def run(env, steps: int):
    tracker = RewardTracker("cuda")
    for _ in range(steps):
        tracker.add(env.step())
    return tracker.count
