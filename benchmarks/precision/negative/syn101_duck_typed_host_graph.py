# expect: none
# targets: SYN101, SYN102
# why: `kg` is unannotated, but the attributes the helpers read of it (`relations`, `head_idx`, `tail_idx`, `n_rel`) are the ones only `KnowledgeGraph` has, and it builds them on the host from a data frame: the per-relation `.item()`s read CPU tensors (torchkge's graph utilities, fresh11 F1)
from __future__ import annotations

import torch


class KnowledgeGraph:
    def __init__(self, df) -> None:
        self.ent2ix = {e: i for i, e in enumerate(sorted(set(df["from"]) | set(df["to"])))}
        self.rel2ix = {r: i for i, r in enumerate(sorted(set(df["rel"])))}
        self.n_rel = len(self.rel2ix)
        self.head_idx = torch.tensor(df["from"].map(self.ent2ix).values).long()
        self.tail_idx = torch.tensor(df["to"].map(self.ent2ix).values).long()
        self.relations = torch.tensor(df["rel"].map(self.rel2ix).values).long()


def get_pairs(kg, r):
    mask = kg.relations == r
    return set((i.item(), j.item()) for i, j in zip(kg.head_idx[mask], kg.tail_idx[mask]))


def relation_sizes(kg) -> dict:
    sizes = {}
    for r in range(kg.n_rel):
        mask = kg.relations == r
        sizes[r] = mask.sum().item()
        if (kg.head_idx[mask] == kg.tail_idx[mask]).any():
            sizes[r] -= 1
    return sizes
