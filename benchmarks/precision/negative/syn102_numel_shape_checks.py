# expect: none
# targets: SYN102
# why: numel(), shape[0] and size() are host metadata
import torch


def concat_nonempty(chunks: list[torch.Tensor], max_len: int) -> torch.Tensor:
    kept = []
    for t in chunks:
        if not t.numel():
            continue
        if t.shape[0] and t.size(0) > max_len:
            t = t[:max_len]
        kept.append(t)
    return torch.cat(kept) if kept else torch.empty(0)
