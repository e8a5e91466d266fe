# expect: none
# targets: SYN101
# why: fresh17 M3/M4's look-alikes: the same list grown with `+= [...]` of host values, and `zip(*...)` of a `topk` of a CPU copy: nothing read from the device
import torch


def infer(model, x: torch.Tensor, maxlen: int, threshold: float) -> list:
    x = x.cpu()
    probs = []
    outs = []
    for i in range(maxlen):
        outs.append(model(x))
        probs += [torch.sigmoid(x * i)[0]]
        if int(sum(probs[-1] >= threshold)) > 0:
            break
    return outs


def beam(logp: torch.Tensor, beam_k: int, score: float) -> list:
    logp = logp.cpu()
    hyps = []
    for _ in range(3):
        top_k = logp[1:].topk(beam_k)
        for lp, k in zip(*top_k):
            hyps.append((score + float(lp), k))
    return hyps
