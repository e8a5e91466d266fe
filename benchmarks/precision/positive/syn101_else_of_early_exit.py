# expect: SYN101=2, SYN102=2
# why: the `else` of an `if` whose body returns or raises runs whenever the code after that `if` would (it is the main path, not a rare branch): a read there runs on every forward, like one written after the `if`
import torch
from torch import nn
from torch.nn.utils import rnn


class PackedLSTM(nn.LSTM):
    def forward(self, x: torch.Tensor, lengths: torch.Tensor):
        max_length = lengths.max()
        if max_length == 0:
            out = torch.zeros(x.size(0), x.size(1), self.hidden_size, device=x.device)
            return out, None
        else:
            pack_lengths = lengths.where(lengths > 0, torch.ones_like(lengths))
            packed = rnn.pack_padded_sequence(x, pack_lengths.cpu(), batch_first=True,
                                              enforce_sorted=False)
            out, hidden = super().forward(packed)
            return rnn.pad_packed_sequence(out, batch_first=True)[0], hidden


class PeakNorm(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        peak = x.abs().amax()
        if torch.isnan(peak):
            raise ValueError("NaN in the input")
        else:
            self.last_peak = peak.item()
        return x / peak
