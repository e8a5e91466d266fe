# expect: SYN106=1
# why: add_scalar of a .item() in on_after_backward, which runs once per training step
import lightning.pytorch as pl
import torch


class Watched(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def on_after_backward(self):
        grads = [p.grad.norm() for p in self.parameters() if p.grad is not None]
        total = torch.stack(grads).norm()
        self.logger.experiment.add_scalar("grad_norm", total.item(), self.global_step)
