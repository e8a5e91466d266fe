# expect: none
# targets: SYN108
# why: `in` on a dict of tensors tests the keys (strings), not tensor values
import torch


def maybe_labels(batch: dict[str, torch.Tensor]) -> torch.Tensor | None:
    if "labels" in batch:
        return batch["labels"]
    names = sorted(batch.keys())
    return batch[names[0]]
