# expect: SYN101=1
# why: self.value is a registered buffer; the per-batch hook reads it with float()
import lightning.pytorch as pl
import torch


class EMALoss(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.register_buffer("value", torch.zeros(()))

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.value = 0.9 * self.value + 0.1 * outputs["loss"].detach()
        self.ema_float = float(self.value)
