# expect: none
# targets: SYN101
# why: pruning statistics read only when the user asked for verbose output (Lightning ModelPruning.apply_pruning)
import torch
from torch import nn


class ModelPruning:
    def __init__(self, parameters_to_prune: list[tuple[nn.Module, str]], verbose: int = 0):
        self._parameters_to_prune = parameters_to_prune
        self._verbose = verbose

    @staticmethod
    def _get_pruned_stats(module: nn.Module, name: str) -> tuple[int, int]:
        mask: torch.Tensor = getattr(module, f"{name}_mask")
        return int((mask == 0).sum()), mask.numel()

    def apply_pruning(self, amount: float) -> None:
        if self._verbose:
            prev_stats = [self._get_pruned_stats(m, n) for m, n in self._parameters_to_prune]
        for module, name in self._parameters_to_prune:
            weight = getattr(module, name)
            weight.data.mul_(weight.abs() > amount)
        if self._verbose:
            curr_stats = [self._get_pruned_stats(m, n) for m, n in self._parameters_to_prune]
            print(prev_stats, curr_stats)
