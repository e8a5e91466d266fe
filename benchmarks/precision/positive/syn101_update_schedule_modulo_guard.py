# expect: SYN101=2
# why: a modulo guard whose body steps an optimiser is the algorithm's update schedule (a delayed actor update every `policy_delay` gradient steps), not periodic logging: its reads run on every actor update, per step (eighth draw M1, sb3-contrib CrossQ crossq.py:283/295)
import torch
from torch import nn


class DelayedActorCritic:
    def __init__(self, actor: nn.Module, critic: nn.Module, policy_delay: int = 3):
        self.actor = actor
        self.critic = critic
        self.actor_optimizer = torch.optim.Adam(actor.parameters())
        self.critic_optimizer = torch.optim.Adam(critic.parameters())
        self.policy_delay = policy_delay
        self._n_updates = 0

    def train(self, batches: list[torch.Tensor]) -> list[float]:
        losses = []
        for obs in batches:
            obs = obs.cuda()
            self._n_updates += 1
            critic_loss = self.critic(obs).pow(2).mean()
            self.critic_optimizer.zero_grad()
            critic_loss.backward()
            self.critic_optimizer.step()
            losses.append(critic_loss.item())
            if self._n_updates % self.policy_delay == 0:
                actor_loss = -self.critic(self.actor(obs)).mean()
                self.actor_optimizer.zero_grad()
                actor_loss.backward()
                self.actor_optimizer.step()
                losses.append(actor_loss.item())
        return losses
