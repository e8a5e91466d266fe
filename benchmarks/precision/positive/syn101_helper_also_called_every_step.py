# expect: SYN101=4
# why: `_log_weight_stats` runs under the periodic guard in one hook but on every optimiser step in the other, and `_log_gradient_stats` under a setting (`if self.log_gradients:`, the same on every step): both helpers' loops read per parameter on every step (three reads), and the unguarded call in `on_before_optimizer_step` is reported too, as a call of a syncing helper from per-step code (the look-alike `negative/syn101_helper_only_under_periodic_guard.py` calls them under periodic guards only)
import lightning
import torch


class TrainingStatsMonitor(lightning.Callback):
    def __init__(self, log_freq: int = 100, log_gradients: bool = True) -> None:
        self.log_freq = log_freq
        self.log_gradients = log_gradients
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
            self._log_weight_stats(pl_module)
        if self.log_gradients:
            self._log_gradient_stats(pl_module)

    def on_before_optimizer_step(self, trainer: lightning.Trainer,
                                 pl_module: lightning.LightningModule, optimizer) -> None:
        self._log_weight_stats(pl_module)
        self.step_count += 1
