# expect: SYN101=2
# why: a Union[int, Tensor] parameter is the Tensor after an isinstance(x, int) branch that returns, and in the else branch; its zipped elements are 0-d tensors read in the loop
from typing import Union

import torch
from torch import Tensor


class TaskAccuracy:
    def __init__(self) -> None:
        self.hits: dict[int, float] = {}
        self.seen: dict[int, int] = {}

    @torch.no_grad()
    def update(self, predicted_y: Tensor, true_y: Tensor, task_labels: Union[int, Tensor]) -> None:
        if isinstance(task_labels, int):
            self.seen[task_labels] = self.seen.get(task_labels, 0) + len(true_y)
            return
        hits = (predicted_y == true_y).float()
        for hit, t in zip(hits, task_labels):
            task = int(t)
            self.hits[task] = self.hits.get(task, 0.0) + 1.0

    @torch.no_grad()
    def count(self, true_y: Tensor, task_labels: "int | Tensor") -> None:
        if isinstance(task_labels, int):
            self.seen[task_labels] = self.seen.get(task_labels, 0) + len(true_y)
        else:
            for t in task_labels:
                task = int(t)
                self.seen[task] = self.seen.get(task, 0) + 1
