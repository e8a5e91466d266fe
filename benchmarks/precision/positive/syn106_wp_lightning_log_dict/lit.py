# expect: SYN106=2
# why: log_dict of two .item() values in validation_step: two syncs per batch
import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class LitRegressor(pl.LightningModule):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def validation_step(self, batch, batch_idx):
        x, y = batch
        pred = self.model(x)
        mse = F.mse_loss(pred, y)
        mae = (pred - y).abs().mean()
        self.log_dict({"val_mse": mse.item(), "val_mae": mae.item()})
