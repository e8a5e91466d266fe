# expect: none
# targets: SYN101, SYN102
# why: a FAISS index computes on NumPy arrays: `.item()` of its search results is NumPy's, no device read (added after the issue 22 sample)
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import torch

if TYPE_CHECKING:
    import faiss


def rescore(corpus_index: faiss.Index | None, query_embeddings: np.ndarray,
            rescore_embeddings: torch.Tensor, k: int) -> torch.Tensor:
    scores, indices = corpus_index.search(query_embeddings, k)
    zero = np.zeros(corpus_index.d, dtype=np.float32)
    top_k = np.array([
        [corpus_index.reconstruct(idx.item()) if idx != -1 else zero for idx in row]
        for row in indices
    ])
    return torch.einsum("qd,qkd->qk", rescore_embeddings, torch.from_numpy(top_k))
