# expect: SYN101=2
# why: avalanche runs `after_training_iteration` and `before_backward` on every training step: a per-parameter read there is a sync per parameter per step
import torch
from avalanche.core import SupervisedPlugin


class TrackPlugin(SupervisedPlugin):
    def after_training_iteration(self, strategy, **kwargs):
        for name, param in strategy.model.named_parameters():
            self.norms[name] = param.grad.norm().item()

    def before_backward(self, strategy, **kwargs):
        for name, param in strategy.model.named_parameters():
            self.previous[name] = param.detach().cpu()
