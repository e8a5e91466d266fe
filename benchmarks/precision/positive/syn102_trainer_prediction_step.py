# expect: SYN102=1
# why: Trainer.prediction_step runs once per evaluation batch; the label test syncs each time
import torch
from transformers import Trainer


class MaskedEvalTrainer(Trainer):
    def prediction_step(self, model, inputs, prediction_loss_only, ignore_keys=None):
        labels = inputs.get("labels")
        if (labels == -100).all():
            return None, None, None
        return super().prediction_step(model, inputs, prediction_loss_only, ignore_keys)
