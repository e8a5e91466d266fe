# expect: SYN101=2, SYN105=1
# why: look-alikes of negative/syn101_opt_in_config_get_default.py (worth40): a setting whose `get` default turns the code on (`config.get("normalize_value", True)`), one whose `get` gives no default or `None` (given or not, as the configuration decides), and a step's own data dict tested with `get` outside `__init__`: each per-step read stays reported
import torch
from torch import nn


class A2CBase:
    def __init__(self, model: nn.Module, config: dict) -> None:
        self.config = config
        self.device = config.get("device", "cuda:0")
        self.normalize_value = config.get("normalize_value", True)
        self.value_bootstrap = config.get("value_bootstrap")
        self.max_epochs = config["max_epochs"]
        self.model = model.to(self.device)

    def train(self, batches: list[dict[str, torch.Tensor]]) -> float:
        total = 0.0
        for batch in batches:
            values = self.model(batch["obs"].to(self.device))
            if self.normalize_value:
                total += values.mean().item()
            if self.value_bootstrap is not None:
                bootstrap = torch.tensor(self.value_bootstrap, device=self.device)
                values = values + bootstrap
            if batch.get("mask", None) is not None:
                total += values[batch["mask"].to(self.device)].sum().item()
        return total
