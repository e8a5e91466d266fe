# expect: none
# targets: SYN108, SYN109
# why: fresh17 F3: espnet's mini-Omni `generate_TA(...) -> torch.Tensor` builds and returns a list of lists of Python ints (`.tolist()[0]` per token); the annotation is wrong, so `eot in tokenlist` and `tokenlist.index(eot)` test a Python list, not a tensor
import torch


@torch.inference_mode()
def generate_ta(model, steps: int) -> torch.Tensor:
    output = [[] for _ in range(8)]
    for _ in range(steps):
        tokens = model()
        for i in range(8):
            output[i].append(tokens[i].clone().tolist()[0])
    return output


def t1_a2(model, eot: int) -> list:
    tokenlist = generate_ta(model, 10)
    tokenlist = tokenlist[-1]
    if eot in tokenlist:
        tokenlist = tokenlist[: tokenlist.index(eot)]
    return tokenlist
