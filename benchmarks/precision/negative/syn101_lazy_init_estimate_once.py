# expect: none
# targets: SYN101
# why: `if self._values is None: self._estimate()` where _estimate sets self._values is a lazy init: its reads run once, not per step
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
        return outputs.loss - self._values["mean"]
