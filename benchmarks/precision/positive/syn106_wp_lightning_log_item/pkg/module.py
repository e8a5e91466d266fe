# expect: SYN106=1
# why: self.log(..., loss.item()) in training_step: one sync per batch; Lightning accepts the tensor
import lightning.pytorch as pl
import torch
import torch.nn.functional as F


class Classifier(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        self.log("train_loss", loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
