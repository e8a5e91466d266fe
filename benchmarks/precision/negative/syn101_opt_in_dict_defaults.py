# expect: none
# targets: SYN101, SYN102
# why: older skrl agents (issue 22, fresh9 L1): a module-level dict of defaults (`PPO_DEFAULT_CONFIG`) gives `entropy_loss_scale` 0.0 and `kl_threshold` 0, read as `self.cfg["..."]` kept in an attribute or `self.cfg.get("...")`: opt-in code, silent by default
import copy

import torch
from torch import nn

PPO_DEFAULT_CONFIG = {
    "learning_epochs": 8,
    "entropy_loss_scale": 0.0,
    "kl_threshold": 0,
}


class PPO:
    def __init__(self, policy: nn.Module, cfg: dict | None = None) -> None:
        _cfg = copy.deepcopy(PPO_DEFAULT_CONFIG)
        _cfg.update(cfg if cfg is not None else {})
        self.cfg = _cfg
        self.policy = policy.cuda()
        self._entropy_loss_scale = self.cfg["entropy_loss_scale"]

    def update(self, batches: list[torch.Tensor]) -> float:
        total = 0.0
        for states in batches:
            entropy, kl = self.policy(states.cuda())
            if self._entropy_loss_scale:
                total += entropy.mean().item()
            if self.cfg.get("kl_threshold") and kl > self.cfg["kl_threshold"]:
                break
        return total
