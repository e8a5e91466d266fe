# expect: SYN101=1
# why: `pad_sequence` of device tensors is a device tensor: each of its rows read by `.tolist()` in the loop syncs (eighth draw M3's real site, x-transformers entropy_based_tokenizer.py:215, pads the token lengths before zip_longest)
import torch
import torch.nn.functional as F
from torch import Tensor, nn
from torch.nn.utils.rnn import pad_sequence


class Segmenter(nn.Module):
    def forward(self, seq: Tensor, boundaries: Tensor) -> list[tuple[Tensor, ...]]:
        pieces = seq.split([2, 3])
        lengths = pad_sequence([F.pad(p, (1, 0)) for p in pieces], batch_first=True)
        out = []
        for row, length in zip(seq, lengths):
            out.append(row.split(length.tolist()))
        return out
