# expect: SYN101=1
# why: `itertools.zip_longest` yields its arguments' elements as `zip` does: the rows of a device tensor, whose `.tolist()` reads each on the host (eighth draw M3, x-transformers' entropy_based_tokenizer.py:215)
from itertools import zip_longest

import torch
from torch import Tensor, nn


class Tokenizer(nn.Module):
    def forward(self, seq: Tensor) -> list[tuple[Tensor, ...]]:
        lengths = (seq > 0).long().cumsum(-1)
        out = []
        for one_seq, one_len in zip_longest(seq, lengths):
            out.append(one_seq.split(one_len.tolist()))
        return out
