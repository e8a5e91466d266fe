# expect: SYN102=2
# targets: SYN102
# why: a helper that tests `labels.ne(-100).any()` (or `mask.all()`) of its own unannotated parameter syncs at every call that passes it a device tensor, as `.item()` of the parameter already does (trl GOLD's `_get_start_and_size_answers`, third fresh draw C1)
import torch


def has_answer(labels):
    if labels.ne(-100).any():
        return 1
    return 0


def all_valid(mask):
    return 1 if mask.all() else 0


def train(model: torch.nn.Module, batches: list[dict[str, torch.Tensor]]) -> None:
    for batch in batches:
        labels = batch["labels"].cuda()
        answered = has_answer(labels)
        valid = all_valid(labels != 0)
        model(batch["input_ids"].cuda(), answered, valid)
