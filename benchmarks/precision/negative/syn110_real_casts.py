# expect: none
# targets: SYN110
# why: dtype casts and CUDA tensor types stay on the device
import torch


def as_labels(preds: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    a = preds.long()
    b = preds.type(torch.int64)
    c = preds.type(torch.cuda.LongTensor)
    return a, b, c
