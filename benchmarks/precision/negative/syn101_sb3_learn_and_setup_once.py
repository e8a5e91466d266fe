# expect: none
# targets: SYN101
# why: stable-baselines3's learn() and _setup_model() run once per run: a read there (or in a loop over the setup's buffers) is not per-step
import torch
from stable_baselines3.common.on_policy_algorithm import OnPolicyAlgorithm


class LoggedPPO(OnPolicyAlgorithm):
    def _setup_model(self) -> None:
        super()._setup_model()
        sizes = [p.numel() for p in self.policy.parameters()]
        self.param_norms = [p.norm().item() for p in self.policy.parameters()]
        self.total = sum(sizes)

    def learn(self, total_timesteps: int, callback=None, log_interval: int = 1,
              tb_log_name: str = "LoggedPPO", reset_num_timesteps: bool = True,
              progress_bar: bool = False):
        result = super().learn(total_timesteps, callback, log_interval, tb_log_name,
                               reset_num_timesteps, progress_bar)
        final = [p.abs().max().item() for p in self.policy.parameters()]
        self.logger.record("final/max_weight", max(final))
        return result
