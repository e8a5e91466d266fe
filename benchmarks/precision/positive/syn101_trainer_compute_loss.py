# expect: SYN101=1
# why: transformers.Trainer.compute_loss in a subclass runs once per training step
import torch
import torch.nn.functional as F
from transformers import Trainer


class DistillationTrainer(Trainer):
    def __init__(self, *args, teacher=None, temperature: float = 2.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.teacher = teacher
        self.temperature = temperature
        self.kl_history: list[float] = []

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        with torch.no_grad():
            teacher_logits = self.teacher(**inputs).logits
        kl = F.kl_div(
            F.log_softmax(outputs.logits / self.temperature, dim=-1),
            F.softmax(teacher_logits / self.temperature, dim=-1),
            reduction="batchmean",
        )
        self.kl_history.append(kl.item())
        loss = outputs.loss + kl
        return (loss, outputs) if return_outputs else loss
