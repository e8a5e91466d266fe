# expect: none
# targets: SYN101, SYN102
# why: `kg` is unannotated; `relations`, `head_idx`, `tail_idx` and `n_rel` are attributes only `KnowledgeGraph` (graphs.py) has, built on the host from a data frame: the per-relation reads are host reads (torchkge's `get_possible_heads_tails`, fresh11 F1)
def possible_heads_tails(kg) -> tuple:
    heads, tails = {}, {}
    for r in range(kg.n_rel):
        mask = kg.relations == r
        heads[r] = set(kg.head_idx[mask].tolist())
        tails[r] = {t.item() for t in kg.tail_idx[mask]}
        if not mask.any():
            del heads[r]
    return heads, tails
