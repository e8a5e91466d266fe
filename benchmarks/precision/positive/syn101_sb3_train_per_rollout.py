# expect: SYN101=2
# why: stable-baselines3 calls train() of an on-policy algorithm after every rollout and of an off-policy one every train_freq steps: reads there repeat all run long
import torch
import torch.nn.functional as F
from stable_baselines3.common.off_policy_algorithm import OffPolicyAlgorithm
from stable_baselines3.common.on_policy_algorithm import OnPolicyAlgorithm


class SimpleA2C(OnPolicyAlgorithm):
    def train(self) -> None:
        self.policy.set_training_mode(True)
        for rollout_data in self.rollout_buffer.get(batch_size=None):
            values, log_prob, entropy = self.policy.evaluate_actions(
                rollout_data.observations, rollout_data.actions)
            policy_loss = -(rollout_data.advantages * log_prob).mean()
            value_loss = F.mse_loss(rollout_data.returns, values.flatten())
            loss = policy_loss + 0.5 * value_loss
            self.policy.optimizer.zero_grad()
            loss.backward()
            self.policy.optimizer.step()
        self.logger.record("train/policy_loss", policy_loss.item())


class SimpleDQN(OffPolicyAlgorithm):
    def train(self, gradient_steps: int, batch_size: int = 100) -> None:
        losses = []
        for _ in range(gradient_steps):
            replay_data = self.replay_buffer.sample(batch_size)
            with torch.no_grad():
                next_q = self.q_net_target(replay_data.next_observations).max(dim=1).values
            current_q = self.q_net(replay_data.observations)
            loss = F.smooth_l1_loss(current_q.max(dim=1).values, next_q)
            losses.append(loss)
            self.policy.optimizer.zero_grad()
            loss.backward()
            self.policy.optimizer.step()
        self.logger.record("train/loss", torch.stack(losses).mean().item())
