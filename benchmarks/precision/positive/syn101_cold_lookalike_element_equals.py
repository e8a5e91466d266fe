# expect: SYN101=1
# why: `tok == pad_id` compares each element, not a counter: it can hold on many iterations, so the read under it runs per match
import torch


def pad_scores(tokens: list[int], scores: torch.Tensor, pad_id: int) -> list[float]:
    found = []
    for j, tok in zip(range(len(tokens)), tokens):
        if tok == pad_id:
            found.append(scores[j].item())
    return found
