# expect: SYN101=3, SYN102=2, SYN105=2
# why: negative/syn101_opt_in_expanded_config checked with --opt-in (worth40): the opt-in reads are reported, each message naming its option
# options: opt-in
import torch
from torch import nn

from agent_cfg import AgentCfg


class KLAdaptiveLR:
    def __init__(self, optimizer: torch.optim.Optimizer) -> None:
        self.optimizer = optimizer

    def step(self, kl: float | None = None) -> None:
        pass


class Agent:
    def __init__(self, policy: nn.Module, cfg: AgentCfg, agents: list[str]) -> None:
        self.cfg = cfg
        self.cfg.expand(agents)
        self.device = torch.device("cuda")
        self.policy = policy.to(self.device)
        self.optimizer = torch.optim.Adam(self.policy.parameters())
        if self.policy is not None:
            self.scheduler = self.cfg.learning_rate_scheduler[0]
            if self.scheduler is not None:
                self.scheduler = self.cfg.learning_rate_scheduler[0](self.optimizer)
        self.schedulers = {}
        for uid in agents:
            self.schedulers[uid] = self.cfg.learning_rate_scheduler[0]
            if self.schedulers[uid] is not None:
                self.schedulers[uid] = self.cfg.learning_rate_scheduler[0](self.optimizer)

    def record_transition(self, uid: str, rewards: torch.Tensor,
                          truncated: torch.Tensor) -> None:
        if self.cfg.time_limit_bootstrap[uid] and truncated.any():
            rewards += 0.99 * truncated

    def update(self, uid: str, batches: list[torch.Tensor]) -> float:
        kls = []
        total = 0.0
        for _ in range(self.cfg.learning_epochs[uid]):
            for states in batches:
                entropy, kl = self.policy(states.to(self.device))
                kls.append(kl)
                if self.cfg.kl_threshold[uid] and kl > self.cfg.kl_threshold[uid]:
                    break
                loss = -entropy.mean()
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                if self.cfg.entropy_loss_scale[uid]:
                    total += entropy.mean().item()
            if self.scheduler:
                if isinstance(self.scheduler, KLAdaptiveLR):
                    mean_kl = torch.tensor(kls, device=self.device).mean()
                    self.scheduler.step(mean_kl.item())
            if self.schedulers[uid]:
                if isinstance(self.schedulers[uid], KLAdaptiveLR):
                    mean_kl = torch.tensor(kls, device=self.device).mean()
                    self.schedulers[uid].step(mean_kl.item())
        return total
