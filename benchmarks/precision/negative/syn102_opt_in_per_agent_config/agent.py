# expect: none
# targets: SYN101, SYN102
# why: skrl's multi-agent PPO (issue 22, fresh9 L1, worth40): each config field is one value per agent (`kl_threshold[uid]`, `time_limit_bootstrap[uid]`, `entropy_loss_scale[uid]`), so an element holds the field's bool or number default: the KL early stop, the entropy-loss read and the time-limit bootstrap are opt-in code, silent by default
import torch
from torch import nn

from agent_cfg import AgentCfg


class Agent:
    def __init__(self, policy: nn.Module, cfg: AgentCfg, agents: list[str]) -> None:
        self.cfg = cfg
        self.cfg.expand(agents)
        self.device = torch.device("cuda")
        self.policy = policy.to(self.device)
        self.optimizer = torch.optim.Adam(self.policy.parameters())

    def record_transition(self, uid: str, rewards: torch.Tensor,
                          truncated: torch.Tensor) -> None:
        if self.cfg.time_limit_bootstrap[uid] and truncated.any():
            rewards += 0.99 * truncated

    def update(self, uid: str, batches: list[torch.Tensor]) -> float:
        total = 0.0
        for _ in range(self.cfg.learning_epochs[uid]):
            for states in batches:
                entropy, kl = self.policy(states.to(self.device))
                if self.cfg.kl_threshold[uid] and kl > self.cfg.kl_threshold[uid]:
                    break
                loss = -entropy.mean()
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                if self.cfg.entropy_loss_scale[uid]:
                    total += entropy.mean().item()
        return total
