# expect: none
# targets: SYN101
# why: a bound method given to a registrar (atexit.register, add_callback) is not called where it is passed: neither runs per step
import atexit

import torch
from transformers import Trainer


class ReportingTrainer(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.final_losses: list[torch.Tensor] = []
        atexit.register(self._report)
        self.add_callback(self._summary_callback)

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        self.final_losses.append(outputs.loss.detach())
        return outputs.loss

    def _report(self):
        print("final loss", torch.stack(self.final_losses).mean().item())

    def _summary_callback(self, *args):
        return self.final_losses[-1].item() if self.final_losses else None
