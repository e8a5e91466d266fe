# expect: SYN101=1
# why: compute_loss wraps its helper call in `try:`; the body runs every step, so the helper's metric read is per-step
import torch
from transformers import Trainer


class PreferenceTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        try:
            loss, metrics = self._loss_and_metrics(model, inputs)
        except ValueError as exc:
            raise ValueError(f"bad batch: {exc}") from exc
        self.store_metrics(metrics)
        return (loss, metrics) if return_outputs else loss

    def _loss_and_metrics(self, model, inputs):
        outputs = model(**inputs)
        chosen = outputs.logits[:, 0].mean()
        metrics = {"rewards/chosen": chosen.detach().mean().item()}
        return outputs.loss, metrics
