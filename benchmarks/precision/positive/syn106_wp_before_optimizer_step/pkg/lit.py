# expect: SYN106=1
# why: on_before_optimizer_step runs every step; self.log(..., total.item()) syncs there
import lightning.pytorch as pl
import torch


class Lit(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def on_before_optimizer_step(self, optimizer):
        norms = [p.grad.detach().norm() for p in self.parameters() if p.grad is not None]
        total = torch.stack(norms).norm()
        self.log("grad_norm", total.item())
