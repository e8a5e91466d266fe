# expect: none
# targets: SYN101
# why: added after the fresh2 draw (torchmetrics NISQA): `pack_padded_sequence` raises unless its `lengths` tensor is on the CPU, so after the call `int(n_wins.max())` reads host memory
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class TimeDependency(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.lstm = nn.LSTM(dim, dim, batch_first=True)

    def forward(self, x: torch.Tensor, n_wins: torch.Tensor) -> torch.Tensor:
        packed = pack_padded_sequence(x, n_wins, batch_first=True, enforce_sorted=False)
        out, _ = self.lstm(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=int(n_wins.max()))
        return out
