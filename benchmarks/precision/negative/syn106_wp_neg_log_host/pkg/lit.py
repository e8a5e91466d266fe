# expect: none
# targets: SYN106, SYN101
# why: logging host numbers (learning rate, batch size) never syncs
import lightning.pytorch as pl


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        loss = self.net(batch).mean()
        lr = self.optimizers().param_groups[0]["lr"]
        self.log("lr", float(lr))
        self.log("batch_size", float(len(batch)))
        return loss
