# expect: none
# targets: SYN106, SYN101
# why: the print in training_step runs every 100 batches only (a periodic guard)
import lightning.pytorch as pl
import torch


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        loss = self.net(batch).mean()
        if batch_idx % 100 == 0:
            print(f"step {batch_idx}: loss {loss.item():.4f}")
        return loss
