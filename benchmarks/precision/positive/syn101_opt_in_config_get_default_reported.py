# expect: SYN101=1, SYN105=1
# why: negative/syn101_opt_in_config_get_default.py checked with --opt-in (worth40): the multi-GPU reads are reported, naming `multi_gpu`
# options: opt-in
import torch
import torch.distributed as dist
from torch import nn


class A2CBase:
    def __init__(self, model: nn.Module, config: dict) -> None:
        self.config = config
        self.device = config.get("device", "cuda:0")
        self.multi_gpu = config.get("multi_gpu", False)
        self.max_epochs = config["max_epochs"]
        self.model = model.to(self.device)

    def train(self) -> None:
        epoch = 0
        while True:
            epoch += 1
            should_exit = epoch >= self.max_epochs
            if self.multi_gpu:
                should_exit_t = torch.tensor(should_exit, device=self.device).float()
                dist.broadcast(should_exit_t, 0)
                should_exit = should_exit_t.bool().item()
            if should_exit:
                return
