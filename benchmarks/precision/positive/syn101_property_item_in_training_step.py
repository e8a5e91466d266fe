# expect: SYN101=1
# why: `temperature` is a property whose getter reads a buffer on the host (`float(...)`): `training_step` reads it once per batch
import torch
from lightning import LightningModule
from torch import nn


class Distiller(LightningModule):
    def __init__(self, student: nn.Module, teacher: nn.Module) -> None:
        super().__init__()
        self.student = student
        self.teacher = teacher
        self.register_buffer("log_temp", torch.zeros(()))

    @property
    def temperature(self) -> float:
        return float(self.log_temp.exp())

    def training_step(self, batch, batch_idx):
        x, _ = batch
        with torch.no_grad():
            target = self.teacher(x)
        logits = self.student(x)
        t = self.temperature
        return nn.functional.kl_div((logits / t).log_softmax(-1), (target / t).softmax(-1))
