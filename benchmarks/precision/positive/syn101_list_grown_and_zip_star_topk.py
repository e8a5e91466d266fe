# expect: SYN101=2
# why: fresh17 M3 and M4: espnet's Transformer-TTS inference grows `probs += [torch.sigmoid(...)[0]]` per frame and reads `int(sum(probs[-1] >= threshold))`; its transducer beam search reads `float(logp)` for each pair of `zip(*logp.topk(beam_k))`: device items, one read per iteration each
import torch


def infer(model, x: torch.Tensor, maxlen: int, threshold: float) -> list:
    x = x.cuda()
    probs = []
    outs = []
    for i in range(maxlen):
        y = model(x)
        outs.append(y)
        probs += [torch.sigmoid(y)[0]]
        if int(sum(probs[-1] >= threshold)) > 0:
            break
    return outs


def beam(logp: torch.Tensor, beam_k: int, score: float) -> list:
    logp = logp.cuda()
    hyps = []
    for _ in range(3):
        top_k = logp[1:].topk(beam_k)
        for lp, k in zip(*top_k):
            hyps.append((score + float(lp), k))
    return hyps
