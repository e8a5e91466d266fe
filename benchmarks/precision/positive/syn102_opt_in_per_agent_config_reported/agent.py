# expect: SYN101=1, SYN102=2
# why: negative/syn102_opt_in_per_agent_config checked with --opt-in (worth40): the per-agent opt-in reads are reported, each naming its option
# options: opt-in
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
