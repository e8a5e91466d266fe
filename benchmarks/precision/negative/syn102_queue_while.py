# expect: none
# targets: SYN102
# why: while loops over Python containers and counters, tensors inside
import torch


def drain(buffer: list[torch.Tensor], capacity: int) -> torch.Tensor:
    out = []
    while buffer and len(out) < capacity:
        out.append(buffer.pop())
    return torch.stack(out) if out else torch.empty(0)
