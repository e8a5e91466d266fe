# expect: SYN101=1
# why: .item() in training_step (no loop in sight, but it runs once per batch)
import lightning as L
import torch
import torch.nn.functional as F


class LitModel(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.seen_correct = 0

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        loss = F.cross_entropy(logits, y)
        self.seen_correct += (logits.argmax(-1) == y).sum().item()
        return loss
