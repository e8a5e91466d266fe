# expect: none
# targets: SYN101, SYN102
# why: Trainer methods that run once per fit or evaluation, and compute_metrics on NumPy arrays
import numpy as np
import torch
from transformers import EvalPrediction, Trainer


def compute_metrics(eval_pred: EvalPrediction) -> dict[str, float]:
    predictions = np.argmax(eval_pred.predictions, axis=-1)
    return {"accuracy": float((predictions == eval_pred.label_ids).mean())}


class LayerwiseLRTrainer(Trainer):
    def create_optimizer(self):
        groups = []
        for name, param in self.model.named_parameters():
            scale = 0.5 if param.abs().max().item() > 1.0 else 1.0
            groups.append({"params": [param], "lr": self.args.learning_rate * scale})
        self.optimizer = torch.optim.AdamW(groups)
        return self.optimizer
