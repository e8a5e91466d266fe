# expect-fix: unsafe
"""The vocabulary word of each token id, with `input_ids` not annotated (reduced from
transformers' SeamlessM4Tv2 `_indices_to_subwords(self, input_ids)`): `input_ids[b, i]`
may not be a tensor. On tensors the fix reads every id with one transfer; a NumPy array
(whose elements have `.item()` too) has no `.view()`: the unsafe reason, which the edge
input shows."""
from __future__ import annotations

import numpy as np
import torch


def naive(input_ids, vocab: dict[str, str]) -> list[list[str]]:  # noqa: ANN001
    batch_size, sequence_len = input_ids.shape
    subwords_batch = []
    for batch_id in range(batch_size):
        subwords = []
        for i in range(sequence_len):
            subword = vocab.get(str(input_ids[batch_id, i].item()))
            subwords.append(str(subword))
        subwords_batch.append(subwords)
    return subwords_batch


VOCAB = {"0": "<pad>", "1": "a", "2": "b", "3": "c"}


def inputs() -> list[tuple[torch.Tensor, dict[str, str]]]:
    return [(torch.tensor([[1, 2, 3], [0, 0, 1]]), VOCAB), (torch.zeros(0, 3, dtype=torch.long), VOCAB),
            (torch.tensor([[3]]), VOCAB)]


def edge_inputs() -> list[tuple[np.ndarray, dict[str, str]]]:
    return [(np.array([[1, 2], [3, 0]]), VOCAB)]
