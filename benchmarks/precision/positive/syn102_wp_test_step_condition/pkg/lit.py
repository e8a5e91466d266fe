# expect: SYN102=1
# why: a tensor tested as a bool in test_step (once per batch)
import lightning.pytorch as pl
import torch


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.perfect_batches = 0

    def test_step(self, batch, batch_idx):
        x, y = batch
        pred = self.net(x).argmax(-1)
        if (pred == y).all():
            self.perfect_batches += 1
