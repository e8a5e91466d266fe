# expect: SYN102=1, SYN101=1
# why: `.values` of max(dim=...) tested per step, `.indices` of topk read with tolist per step
import torch


def greedy_decode(model, input_ids: torch.Tensor, max_new: int, threshold: float) -> list[list[int]]:
    candidates = []
    for _ in range(max_new):
        logits = model(input_ids)[:, -1, :]
        probs = torch.softmax(logits, dim=-1)
        best = probs.max(dim=-1).values
        if best.min() < threshold:
            break
        top = probs.topk(5, dim=-1)
        candidates.append(top.indices.tolist())
        input_ids = torch.cat([input_ids, probs.argmax(-1, keepdim=True)], dim=-1)
    return candidates
