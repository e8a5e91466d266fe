# expect: SYN101=1
# why: the estimate is reset to None at the end of every step, so `if self._values is None: self._estimate()` runs on every step: no latch
import torch
from transformers import Trainer


class ValueTrainer(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._values: dict[str, float] | None = None

    def _estimate(self, inputs):
        scores = self.model(**inputs).logits[:, 0]
        self._values = {"mean": scores.mean().item()}

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        if self._values is None:
            self._estimate(inputs)
        outputs = model(**inputs)
        loss = outputs.loss - self._values["mean"]
        self._values = None
        return loss
