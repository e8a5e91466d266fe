# expect: SYN108=1
# why: fresh17 F3's look-alike: a `-> torch.Tensor` helper whose body the model cannot resolve (`model.generate(...)`) keeps its annotation: `eot in tokens` tests a device tensor's elements on the host every step
import torch


def generate(model, x: torch.Tensor) -> torch.Tensor:
    return model.generate(x.cuda())


def train(model, batches: list, eot: int) -> int:
    n = 0
    for x in batches:
        tokens = generate(model, x)
        if eot in tokens:
            n += 1
    return n
