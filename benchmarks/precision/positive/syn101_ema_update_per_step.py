# expect: SYN101=2
# why: issue 22, fresh17 M6 (ema-pytorch's KarrasEMA, PostHocEMA, EMAPytree): users call an ema-pytorch EMA's `update()` after every optimiser step, so the step counter and the `initted` flag read with `.item()` in an `update` (here a subclass's) are per-step syncs
import torch
from ema_pytorch import EMA


class WarmupEMA(EMA):
    def update(self):
        step = self.step.item()
        self.step += 1
        if not self.initted.item():
            self.copy_params_from_model_to_ema()
            self.initted.data.copy_(torch.tensor(True))
        if step % self.update_every == 0:
            self.update_moving_average(self.ema_model, self.model)
