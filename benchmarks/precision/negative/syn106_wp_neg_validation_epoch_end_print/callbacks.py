# expect: none
# targets: SYN106, SYN101
# why: a Callback's on_validation_epoch_end runs once per epoch; printing a metric there is fine
import torch
from lightning.pytorch.callbacks import Callback


class PrintMetrics(Callback):
    def on_validation_epoch_end(self, trainer, pl_module):
        val_loss: torch.Tensor = trainer.callback_metrics["val_loss"]
        print(f"epoch {trainer.current_epoch}: val_loss={val_loss.item():.4f}")
