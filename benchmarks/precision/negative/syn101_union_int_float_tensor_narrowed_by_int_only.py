# expect: none
# targets: SYN101
# why: ruling out int leaves a float or a Tensor (not known to be a tensor); a parameter rebound to a list before the test is no longer its declared union
from typing import Union

from torch import Tensor


def scale_of(weight: Union[int, float, Tensor]) -> float:
    if isinstance(weight, int):
        return 1.0
    total = 0.0
    for w in [weight]:
        total += float(w)
    return total


def task_ids(task_labels: Union[int, Tensor], n: int) -> list[int]:
    if isinstance(task_labels, Tensor):
        task_labels = task_labels.tolist()
    if isinstance(task_labels, int):
        return [task_labels] * n
    ids = []
    for t in task_labels:
        ids.append(int(t))
    return ids
