# expect: SYN101=1
# why: Callback.on_train_batch_end runs once per batch; .item() there syncs every batch
import torch
from lightning.pytorch.callbacks import Callback


class LossHistory(Callback):
    def __init__(self):
        self.losses = []

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        loss: torch.Tensor = outputs["loss"]
        self.losses.append(loss.detach().item())
