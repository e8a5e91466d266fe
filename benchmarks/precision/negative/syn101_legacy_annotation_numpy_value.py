# expect: none
# targets: SYN101
# why: a name annotated `torch.LongTensor` but assigned a NumPy array (the annotation is wrong; the code says what it holds): `.item()` on NumPy syncs nothing
import numpy as np
import torch


def token_histogram(samples: list[list[int]], vocab: int) -> dict[int, int]:
    counts: torch.LongTensor = np.zeros(vocab, dtype=np.int64)
    for ids in samples:
        for i in ids:
            counts[i] += 1
    return {i: counts[i].item() for i in range(vocab) if counts[i] > 0}
