# expect: none
# targets: SYN101
# why: int() of shapes and numel() is host metadata, no sync
import torch


def count_tokens(loader) -> int:
    n_tokens = 0
    for batch in loader:
        ids: torch.Tensor = batch["input_ids"]
        n_tokens += int(ids.size(0)) * int(ids.shape[1])
    return n_tokens
