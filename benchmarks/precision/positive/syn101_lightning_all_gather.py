# expect: SYN101=1
# why: int() of self.all_gather(...) in validation_step: one sync per validation batch
import torch
import lightning.pytorch as pl


class Retrieval(pl.LightningModule):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        self.hits = 0

    def validation_step(self, batch, batch_idx):
        queries, keys = self.encoder(batch["query"]), self.encoder(batch["key"])
        hit = (queries @ keys.T).argmax(dim=-1) == torch.arange(len(keys), device=self.device)
        self.hits += int(self.all_gather(hit).sum())
