# expect: SYN106=1
# why: wandb.log of a .item() in training_step: a sync every batch
import lightning.pytorch as pl
import torch
import wandb


class Lit(pl.LightningModule):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def training_step(self, batch, batch_idx):
        loss = self.model(batch).pow(2).mean()
        wandb.log({"train/loss": loss.item()})
        return loss
