# expect: none
# targets: SYN101
# why: the private helpers run only under `if self._should_log():` (nequip's TrainingStatsMonitor, fresh10 L2: a step counter modulo `log_freq`), once every `log_freq` optimiser steps: their loops of `.item()` reads are periodic logging, not per-step syncs
import lightning
import torch


class TrainingStatsMonitor(lightning.Callback):
    def __init__(self, log_freq: int = 100) -> None:
        self.log_freq = log_freq
        self.step_count = 0

    def _should_log(self) -> bool:
        return self.step_count % self.log_freq == 0

    def _log_weight_stats(self, pl_module: lightning.LightningModule) -> None:
        stats = {}
        for name, param in pl_module.named_parameters():
            stats[f"weights.max/{name}"] = param.data.max().item()
            stats[f"weights.std/{name}"] = param.data.std().item()
        pl_module.log_dict(stats)

    def _log_gradient_stats(self, pl_module: lightning.LightningModule) -> None:
        stats = {}
        for name, param in pl_module.named_parameters():
            if param.grad is not None:
                stats[f"gradients.absmax/{name}"] = param.grad.abs().max().item()
        pl_module.log_dict(stats)

    def on_after_backward(self, trainer: lightning.Trainer,
                          pl_module: lightning.LightningModule) -> None:
        if self._should_log():
            self._log_gradient_stats(pl_module)

    def on_before_optimizer_step(self, trainer: lightning.Trainer,
                                 pl_module: lightning.LightningModule, optimizer) -> None:
        if self.step_count % self.log_freq == 0:
            self._log_weight_stats(pl_module)
        self.step_count += 1
