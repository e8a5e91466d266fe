# expect: SYN101=1
# why: avalanche updates a Metric on every minibatch (its plugin metrics every training iteration); the .item() of the labels' maximum there is one sync per batch
import torch
from torch import Tensor

from avalanche.evaluation import Metric


class LabelConfusion(Metric[Tensor]):
    def __init__(self, num_classes: int) -> None:
        self._num_classes = num_classes
        self._matrix = torch.zeros(num_classes, num_classes, dtype=torch.long)

    def update(self, true_y: Tensor, predicted_y: Tensor) -> None:
        if len(true_y.shape) > 1:
            true_y = torch.max(true_y, 1)[1]
        if torch.max(true_y).item() >= self._num_classes:
            raise ValueError("Encountered target label larger than num_classes")
        self._matrix.index_put_((true_y, predicted_y), torch.ones_like(true_y), accumulate=True)

    def result(self) -> Tensor:
        return self._matrix

    def reset(self) -> None:
        self._matrix.zero_()
