# expect: SYN101=1, SYN102=1
# why: the look-alike of negative/syn101_opt_in_dict_defaults.py: the dict of defaults turns both options on (`entropy_loss_scale` 0.01, `kl_threshold` 0.008): the reads run on every update of a default run
import copy

import torch
from torch import nn

PPO_DEFAULT_CONFIG = {
    "learning_epochs": 8,
    "entropy_loss_scale": 0.01,
    "kl_threshold": 0.008,
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
