# expect: none
# targets: SYN104
# why: topk and gather have fixed output sizes
import torch


def topk_logps(logits_steps: list[torch.Tensor], actions: list[torch.Tensor], k: int):
    out = []
    for logits, a in zip(logits_steps, actions):
        logp = torch.log_softmax(logits, dim=-1)
        top = torch.topk(logp, k, dim=-1).values
        chosen = torch.gather(logp, 1, a.unsqueeze(1)).squeeze(1)
        out.append((top, chosen))
    return out
