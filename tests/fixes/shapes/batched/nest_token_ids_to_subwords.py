# expect-fix: safe
"""Per sequence of a batch, the vocabulary word of each token id (reduced from
transformers' SeamlessM4Tv2 `_get_char_input_ids`): `input_ids[b, i].item()` for every
(b, i) of two `range` loops; the reads depend on the loop variables only, so the nest is
read with one transfer, each value keeping its dtype (ints stay ints, floats floats)."""
from __future__ import annotations

import torch


def naive(input_ids: torch.Tensor, vocab: dict[str, str]) -> list[list[str]]:
    batch_size, sequence_len = input_ids.shape
    subwords_batch = []
    for batch_id in range(batch_size):
        subwords = []
        for i in range(sequence_len):
            subword = vocab.get(str(input_ids[batch_id, i].item()))
            subwords.append(str(subword))
        subwords_batch.append(subwords)
    return subwords_batch


VOCAB = {"0": "<pad>", "1": "a", "2": "b", "3": "c", "16777217": "big", "1.5": "x"}


def inputs() -> list[tuple[torch.Tensor, dict[str, str]]]:
    torch.manual_seed(5)
    return [(torch.randint(0, 5, (3, 4)), VOCAB), (torch.zeros(0, 4, dtype=torch.long), VOCAB),
            (torch.zeros(2, 0, dtype=torch.long), VOCAB), (torch.tensor([[3]]), VOCAB),
            (torch.tensor([[16777217, 1], [2, 0]]), VOCAB),
            (torch.tensor([[1.5, float("nan")], [float("inf"), 2.0]]), VOCAB),
            (torch.tensor([[1.5, 2.0]], dtype=torch.float16), VOCAB),
            (torch.tensor([[True, False]]), VOCAB)]
