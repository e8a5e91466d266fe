# expect: none
# targets: SYN104
# why: torch.unique once on the whole dataset, not per iteration
import torch


def build_vocab(token_ids: torch.Tensor) -> dict[int, int]:
    uniq = torch.unique(token_ids)
    return {tok: i for i, tok in enumerate(uniq.tolist())}
