# expect: SYN102=2
# targets: SYN102
# why: transformers' masking_utils `fast_all(t)` returns `t.sum() == t.numel()` of an unannotated parameter: called with a device mask, `if fast_all(mask)` tests a device tensor (reported at the session's start, lost when the model became the one inference; found reading the corpora after the merge, issue 22)
import torch


def fast_all(tensor):
    return tensor.sum() == tensor.numel()


def any_padding(mask):
    return (mask == 0).sum()


def skip_causal_mask(padding_mask: torch.Tensor, q_length: int, kv_length: int) -> bool:
    if q_length == kv_length and fast_all(padding_mask):
        return True
    if any_padding(padding_mask):
        return False
    return q_length == 1
