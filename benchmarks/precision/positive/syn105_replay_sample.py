# expect: SYN105=2
# why: replay-buffer minibatches sliced from NumPy arrays and copied per gradient step
import numpy as np
import torch


class Replay:
    def __init__(self, obs, actions, device):
        self.obs, self.actions, self.device = obs, actions, device

    def train(self, agent, steps, batch_size=256):
        for _ in range(steps):
            idx = np.random.randint(0, len(self.obs), size=batch_size)
            states = torch.as_tensor(self.obs[idx], device=self.device)
            actions = torch.as_tensor(self.actions[idx], device=self.device)
            agent.update(states, actions)
