# expect: none
# targets: SYN106, SYN101
# why: self.log of the tensor itself: Lightning reduces it without a per-step sync
import lightning.pytorch as pl
import torch.nn.functional as F


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        self.log("train_loss", loss, prog_bar=True)
        self.log_dict({"loss": loss.detach()})
        return loss
