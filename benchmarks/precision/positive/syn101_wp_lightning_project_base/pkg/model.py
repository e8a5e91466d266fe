# expect: SYN101=1
# why: Model derives from a project class that derives from LightningModule: training_step is per batch
import torch
import torch.nn.functional as F

from pkg.base import BaseModule


class Model(BaseModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.layer(x), y)
        self.last_loss = float(loss.detach())
        return loss
