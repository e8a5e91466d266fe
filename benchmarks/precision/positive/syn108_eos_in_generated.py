# expect: SYN108=1
# why: `x in t` on a tensor is `(t == x).any()` read on the host
import torch


def finished(generated: torch.Tensor, eos_id: int) -> bool:
    tokens = generated[0]
    if eos_id in tokens:
        return True
    return False
