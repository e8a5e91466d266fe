# expect: SYN101=2
# why: skrl's trainers call an agent's post_interaction after every env step, and it runs update() every `rollouts` steps (on-policy) or every step (off-policy); record_transition runs every env step: a read after update's loops, or in record_transition, repeats all run long
import torch
from skrl.agents.torch import Agent


class MyPPO(Agent):
    def record_transition(self, *, states, actions, rewards, next_states, terminated,
                          truncated, infos, timestep: int, timesteps: int) -> None:
        self.memory.add_samples(states=states, actions=actions, rewards=rewards)
        self.track_data("Reward / Instantaneous reward (max)", torch.max(rewards).item())

    def update(self, *, timestep: int, timesteps: int) -> None:
        for batch in self.memory.sample_all(mini_batches=4):
            loss = self.policy.act({"states": batch[0]}, role="policy")[1].mean()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        self.track_data("Policy / Standard deviation",
                        self.policy.distribution(role="policy").stddev.mean().item())
