# expect: none
# targets: SYN101
# why: one .tolist() per tensor of a list, each iterated by the inner loop: the batched fix's form (one transfer for the inner loop); and a whole tensor read once before the per-step loop
import torch


def dump(rows: list[torch.Tensor], codes: torch.Tensor) -> list[float]:
    out: list[float] = []
    for row in rows:
        for v in row.tolist():
            out.append(v)
    table = codes.tolist()
    for t in range(len(table)):
        for v in table[t]:
            out.append(v)
    return out
