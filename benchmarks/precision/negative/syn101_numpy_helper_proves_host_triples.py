# expect: none
# targets: SYN101
# why: the helper calls .numpy() directly on slices of the triples: that raises on a CUDA tensor, so they are host tensors and the loop's call reads nothing from a GPU
import pandas as pd
import torch


def _get_counts(mapped_triples: torch.Tensor, column: int):
    unique, counts = mapped_triples[:, column].unique(return_counts=True)
    return unique.numpy(), counts.numpy()


def get_entity_counts(mapped_triples: torch.Tensor) -> pd.DataFrame:
    data = []
    for col in (0, 2):
        unique, counts = _get_counts(mapped_triples=mapped_triples, column=col)
        data.append(pd.DataFrame({"id": unique, "count": counts}))
    return pd.concat(data)
