# expect: SYN101=2, SYN105=2
# why: negative/syn101_opt_in_expanded_config checked with --opt-in (worth40): the KL scheduler reads are reported, naming `cfg.learning_rate_scheduler`
# options: opt-in
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
        if self.policy is not None:
            self.scheduler = self.cfg.learning_rate_scheduler[0]
            if self.scheduler is not None:
                self.scheduler = self.cfg.learning_rate_scheduler[0](self.optimizer)
        self.schedulers = {}
        for uid in agents:
            self.schedulers[uid] = self.cfg.learning_rate_scheduler[0]
            if self.schedulers[uid] is not None:
                self.schedulers[uid] = self.cfg.learning_rate_scheduler[0](self.optimizer)

    def update(self, uid: str, batches: list[torch.Tensor]) -> None:
        for _ in range(8):
            kls = [self.policy(states.to(self.device))[1] for states in batches]
            if self.scheduler:
                if isinstance(self.scheduler, KLAdaptiveLR):
                    mean_kl = torch.tensor(kls, device=self.device).mean()
                    self.scheduler.step(mean_kl.item())
            if self.schedulers[uid]:
                if isinstance(self.schedulers[uid], KLAdaptiveLR):
                    mean_kl = torch.tensor(kls, device=self.device).mean()
                    self.schedulers[uid].step(mean_kl.item())
