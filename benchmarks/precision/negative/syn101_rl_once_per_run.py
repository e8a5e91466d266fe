# expect: none
# targets: SYN101
# why: tianshou's `run_training` and `create_trainer`, d3rlpy's `fit` and an impl's constructor run once per run, and a class that only shares tianshou's method names (`Alpha.update` of a project class of its own) is no library role: none of these reads is per-step
import torch
from d3rlpy.algos.qlearning.torch import DDPGBaseImpl
from tianshou.algorithm import OffPolicyAlgorithm


class LoggedAlgorithm(OffPolicyAlgorithm):
    def run_training(self, params):
        stats = super().run_training(params)
        self.final_norm = self.policy.model.weight.norm().item()
        return stats

    def create_trainer(self, params):
        self.initial_norm = self.policy.model.weight.norm().item()
        return super().create_trainer(params)


class InitialisedImpl(DDPGBaseImpl):
    def __init__(self, modules, q_func_forwarder, targ_q_func_forwarder, gamma, tau,
                 compiled, device) -> None:
        super().__init__(observation_shape=(3,), action_size=1, modules=modules,
                         q_func_forwarder=q_func_forwarder,
                         targ_q_func_forwarder=targ_q_func_forwarder, gamma=gamma,
                         tau=tau, compiled=compiled, device=device)
        self.initial_scale = modules.policy.mu.weight.abs().max().item()


class Alpha:
    def __init__(self) -> None:
        self.log_alpha = torch.zeros(1, device="cuda")

    def update(self, entropy: torch.Tensor) -> float:
        return (self.log_alpha * entropy).mean().item()
