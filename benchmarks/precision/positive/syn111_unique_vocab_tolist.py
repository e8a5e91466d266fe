# expect: SYN111=1
# why: torch.unique outside a loop whose result is read on the host (SYN104 stays silent: not in a loop)
import torch


def build_vocab(token_ids: torch.Tensor) -> dict[int, int]:
    uniq = torch.unique(token_ids)
    return {tok: i for i, tok in enumerate(uniq.tolist())}
