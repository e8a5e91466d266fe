# expect: none
# targets: SYN101, SYN105
# why: skrl's agents (issue 22, fresh9 L1, worth40): a config dataclass whose `expand` makes `learning_rate_scheduler` one value per network (`(None, None)`), so `learning_rate_scheduler[0]` holds its default None; a scheduler attribute set from it and replaced only under `if self.scheduler is not None:` (or per agent, `self.schedulers[uid]`) stays None by default: the KL scheduler step is opt-in code, silent by default
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
