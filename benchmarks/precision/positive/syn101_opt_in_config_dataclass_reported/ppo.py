# expect: SYN101=1, SYN102=2
# why: negative/syn101_opt_in_config_dataclass checked with --opt-in: the opt-in reads are reported, each message naming its option
# options: opt-in
import torch
from torch import nn

from ppo_cfg import PPOCfg


class PPO:
    def __init__(self, policy: nn.Module, cfg: PPOCfg | dict) -> None:
        self.cfg: PPOCfg
        self.cfg = PPOCfg(**cfg) if isinstance(cfg, dict) else cfg
        self.policy = policy.cuda()

    def record_transition(self, rewards: torch.Tensor, truncated: torch.Tensor) -> None:
        if self.cfg.time_limit_bootstrap and truncated.any():
            rewards += 0.99 * truncated

    def update(self, batches: list[tuple[torch.Tensor, torch.Tensor]]) -> float:
        cumulative_entropy_loss = 0.0
        for epoch in range(self.cfg.learning_epochs):
            for states, old_log_prob in batches:
                log_prob, entropy = self.policy(states.cuda())
                kl = ((old_log_prob.cuda() - log_prob) ** 2).mean()
                if self.cfg.kl_threshold and kl > self.cfg.kl_threshold:
                    break
                if self.cfg.entropy_loss_scale:
                    cumulative_entropy_loss += entropy.mean().item()
        return cumulative_entropy_loss


def main(policy: nn.Module) -> PPO:
    return PPO(policy, PPOCfg(kl_threshold=0.01))
