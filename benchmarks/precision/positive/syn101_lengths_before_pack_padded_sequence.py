# expect: SYN101=2
# why: look-alike of the fresh2 NISQA fix: the lengths are read (`int(lengths.max())`) before anything proves them on the CPU; in `forward` that is a sync per call when they live on the GPU (a later `pack_padded_sequence` would raise, but the read has happened), and `lengths.cpu()` is a second sync per call
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Encoder(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.gru = nn.GRU(dim, dim, batch_first=True)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        total = int(lengths.max())
        packed = pack_padded_sequence(x[:, :total], lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, _ = self.gru(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=total)
        return out
