import lightning.pytorch as pl
import torch


class BaseModule(pl.LightningModule):
    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
