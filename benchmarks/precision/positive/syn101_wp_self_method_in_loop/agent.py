# expect: SYN101=1
# why: a loop calls self._value(), whose body calls .item(): reported at the call
import torch


class Agent:
    def __init__(self, critic):
        self.critic = critic

    def _value(self, obs):
        return self.critic(torch.as_tensor(obs, device="cuda")).squeeze().item()

    def evaluate(self, observations):
        values = []
        for obs in observations:
            values.append(self._value(obs))
        return values
