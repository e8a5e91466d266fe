# expect: none
# targets: SYN106, SYN101
# why: on_train_epoch_end runs once per epoch: one sync there is not worth a finding
import lightning.pytorch as pl
import torch


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.epoch_loss = torch.zeros(())

    def training_step(self, batch, batch_idx):
        loss = self.net(batch).mean()
        self.epoch_loss += loss.detach()
        return loss

    def on_train_epoch_end(self):
        self.log("epoch_loss", self.epoch_loss.item())
        self.epoch_loss.zero_()
