# expect: SYN101=1, SYN102=2
# why: look-alikes of negative/syn101_opt_in_expanded_config (worth40): the same per-network and per-agent config, but each setting's default turns the code on (`time_limit_bootstrap = True`, a scheduler class as the default) or is a string, whose element is a character and no setting (`write_mode[uid] == "y"`): each per-step read stays reported
import torch
from torch import nn

from agent_cfg import AgentCfg, KLAdaptiveLR


class Agent:
    def __init__(self, policy: nn.Module, cfg: AgentCfg, agents: list[str]) -> None:
        self.cfg = cfg
        self.cfg.expand(agents)
        self.device = torch.device("cuda")
        self.policy = policy.to(self.device)
        self.optimizer = torch.optim.Adam(self.policy.parameters())
        self.scheduler = self.cfg.learning_rate_scheduler[0]
        if self.scheduler is not None:
            self.scheduler = self.cfg.learning_rate_scheduler[0](self.optimizer)

    def record_transition(self, uid: str, rewards: torch.Tensor,
                          truncated: torch.Tensor) -> None:
        if self.cfg.time_limit_bootstrap[uid] and truncated.any():
            rewards += 0.99 * truncated
        if self.cfg.write_mode[uid] == "y" and rewards.any():
            rewards -= 1.0

    def update(self, batches: list[torch.Tensor]) -> None:
        for _ in range(8):
            kls = []
            for states in batches:
                entropy, kl = self.policy(states.to(self.device))
                kls.append(kl)
                loss = -entropy.mean()
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            if self.scheduler:
                if isinstance(self.scheduler, KLAdaptiveLR):
                    mean_kl = torch.stack(kls).mean()
                    self.scheduler.step(mean_kl.item())
