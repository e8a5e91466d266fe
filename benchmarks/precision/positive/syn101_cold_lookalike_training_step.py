# expect: SYN101=1
# why: __init__ and setup are cold, but the accuracy read in training_step runs once per batch
import lightning.pytorch as pl
import torch


class Classifier(pl.LightningModule):
    def __init__(self, net: torch.nn.Module, class_weights: torch.Tensor):
        super().__init__()
        self.net = net
        self.max_weight = class_weights.max().item()

    def setup(self, stage: str) -> None:
        self.n_params = sum(p.numel() for p in self.parameters())

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        loss = torch.nn.functional.cross_entropy(logits, y)
        acc = (logits.argmax(-1) == y).float().mean().item()
        self.print(f"acc {acc:.3f}")
        return loss
