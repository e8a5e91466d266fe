# expect: none
# targets: SYN101, SYN104, SYN111
# why: pykeen's triples package (TriplesFactory.mapped_triples and what its analysis, splitting and leakage functions derive from it) works on host ID tensors; training moves batches to the device elsewhere. A user's loop over a TriplesFactory's mapped_triples reads host values too
import torch


def get_relation_counts(mapped_triples: torch.Tensor) -> dict[int, int]:
    counts = {}
    for relation in mapped_triples[:, 1].unique():
        counts[relation.item()] = int((mapped_triples[:, 1] == relation).sum())
    return counts


def split_by_head(mapped_triples: torch.Tensor, heads: list[int]) -> list[torch.Tensor]:
    return [mapped_triples[mapped_triples[:, 0] == h] for h in heads]
