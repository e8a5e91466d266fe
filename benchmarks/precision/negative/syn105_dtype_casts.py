# expect: none
# targets: SYN105
# why: .to(dtype) casts of device tensors are not host-to-device copies
import torch


def mixed_precision_logits(layers, x: torch.Tensor) -> torch.Tensor:
    h = x
    for layer in layers:
        h = layer(h.to(torch.bfloat16)).to(torch.float32)
        h = h.to(dtype=torch.float32, memory_format=torch.contiguous_format)
    return h
