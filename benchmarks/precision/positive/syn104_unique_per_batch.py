# expect: SYN104=1, SYN101=1
# why: torch.unique of every batch (shape sync) and its .tolist() (value sync)
import torch


def vocabulary_coverage(loader, device) -> int:
    seen: set[int] = set()
    for batch in loader:
        ids = batch["input_ids"].to(device)
        uniq = torch.unique(ids)
        seen.update(uniq.tolist())
    return len(seen)
