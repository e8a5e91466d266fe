# expect: SYN102=1
# why: Trainer.training_step overridden in a subclass: the NaN test runs once per step
import torch
from transformers import Trainer


class SkipNanTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        loss = super().training_step(model, inputs, num_items_in_batch)
        if torch.isnan(loss):
            self.nan_steps += 1
            return torch.zeros_like(loss)
        return loss
