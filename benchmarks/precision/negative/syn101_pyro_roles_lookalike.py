# expect: none
# targets: SYN101
# why: methods named like pyro's per-step roles (loss_and_grads, sample, log_prob) on classes that are not ELBOs, distributions or MCMC kernels run when their caller says, here once per run
import torch


class ReplayBuffer:
    def __init__(self, priorities: torch.Tensor) -> None:
        self.priorities = priorities

    def sample(self, batch_size: int) -> list[int]:
        return torch.multinomial(self.priorities, batch_size).tolist()


class ExperimentReport:
    def __init__(self, losses: torch.Tensor) -> None:
        self.losses = losses

    def loss_and_grads(self) -> float:
        return self.losses.mean().item()

    def log_prob(self, value: torch.Tensor) -> float:
        return float(value.log().sum())
