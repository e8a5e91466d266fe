# expect: SYN102=2
# why: `do_sample` selects sampling on every decoding step (transformers generate), it is not a "time to sample" periodic flag; the helper's own `if` is one sync too
import torch


def _accept(p: torch.Tensor, q: torch.Tensor) -> torch.Tensor:
    n_matches = (p > q).sum()
    if n_matches < p.shape[-1]:
        return p * 0.5
    return p


def decode(model, ids: torch.Tensor, steps: int, do_sample: bool) -> torch.Tensor:
    for _ in range(steps):
        logits = model(ids)[:, -1]
        if do_sample and logits is not None:
            logits = _accept(logits.softmax(-1), torch.rand_like(logits))
        ids = torch.cat([ids, logits.argmax(-1, keepdim=True)], dim=-1)
    return ids
