# expect: none
# targets: SYN101, SYN104
# why: avalanche runs a plugin's `after_training_exp` / `before_eval_exp` and a storage policy's `update` once per experience, not per step (CWR*, PackNet, herding buffers)
import torch
from avalanche.core import SupervisedPlugin
from avalanche.training.storage_policy import ExemplarsBuffer


class ConsolidatePlugin(SupervisedPlugin):
    def after_training_exp(self, strategy, **kwargs):
        for name, param in strategy.model.named_parameters():
            self.saved[name] = param.detach().cpu().numpy()

    def before_eval_exp(self, strategy, **kwargs):
        for c in strategy.experience.classes_in_this_experience:
            self.counts[c] = int(strategy.model.head.weight[c].abs().sum().item())


class HerdingBuffer(ExemplarsBuffer):
    def update(self, strategy, **kwargs):
        features = strategy.model(strategy.adapted_dataset.tensors[0].to(strategy.device))
        chosen = []
        for _ in range(self.max_size):
            distances = (features - features.mean(0)).pow(2).sum(1)
            chosen.append(distances.argmin().item())
        self.indices = chosen
