# expect-fix: unsafe
# max-syncs: 3
"""Losses logged per name, where a name may hold a list of loss tensors (reduced from
mmengine's `_update_losses`, run by every validation and test step): the reads of one list
are stacked, one transfer per list. Unsafe because the list is known only through
`is_list_of` (a call the fixer does not read): `loss_value` may be an iterator. On the lists
the program passes, values, Python types and the order of updates stay.
One transfer per list (the loop over names is left as it is); a list of tensors of several
dtypes is read element by element (the fallback), hence up to 3 syncs on these inputs."""
from __future__ import annotations

import torch


def is_list_of(seq: object, expected_type: type) -> bool:
    return isinstance(seq, list) and all(isinstance(item, expected_type) for item in seq)


class HistoryBuffer:
    def __init__(self) -> None:
        self.values: list[float] = []

    def update(self, value: float) -> None:
        self.values.append(value)


def naive(loss: dict[str, object]) -> dict[str, list[float]]:
    losses: dict[str, HistoryBuffer] = {}
    for loss_name, loss_value in loss.items():
        if loss_name not in losses:
            losses[loss_name] = HistoryBuffer()
        if is_list_of(loss_value, torch.Tensor):
            for loss_value_i in loss_value:  # type: ignore[attr-defined]
                losses[loss_name].update(loss_value_i.item())
    return {name: buffer.values for name, buffer in losses.items()}


def inputs() -> list[tuple[dict[str, object]]]:
    return [({"loss_cls": [torch.tensor(0.5), torch.tensor(1.25)], "acc": 3.0},),
            ({"loss_bbox": [torch.tensor([2.0]), torch.tensor(7)]},),  # (1,) and int64
            ({"loss": []},),
            ({"a": [torch.tensor(1.0).half(), torch.tensor(float("nan"))],
              "b": [torch.tensor(True)]},)]
