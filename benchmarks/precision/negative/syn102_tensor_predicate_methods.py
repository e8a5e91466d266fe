# expect: none
# targets: SYN102
# why: is_inference(), is_conj(), is_neg(), is_same_size() and _is_view() answer from a tensor's metadata with a Python bool: no value is read (found on torch's own aot_autograd wrappers)
import torch


def copy_back(olds: list[torch.Tensor], news: list[torch.Tensor]):
    for old, new in zip(olds, news):
        if old.is_inference() or new._is_view():
            continue
        if old.is_conj() or old.is_neg():
            new = new.resolve_conj().resolve_neg()
        if not old.is_same_size(new):
            old.resize_(new.shape)
        old.copy_(new)
