# expect: none
# targets: SYN101, SYN106
# why: setup/on_fit_start/configure_optimizers run once; host reads there are fine
import lightning.pytorch as pl
import torch


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.register_buffer("class_weights", torch.ones(10))

    def setup(self, stage: str) -> None:
        self.n_classes = int(self.class_weights.numel())
        self.max_weight = self.class_weights.max().item()

    def on_fit_start(self) -> None:
        print("max weight", self.class_weights.max().item())

    def configure_optimizers(self):
        lr = 1e-3 * float(self.class_weights.mean())
        return torch.optim.Adam(self.parameters(), lr=lr)
