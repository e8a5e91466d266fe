# expect: SYN101=1, SYN102=1
# why: look-alike of negative/syn101_pad_packed_sequence_lengths.py (fresh18 F2): the padded data `pad_packed_sequence` returns first lives where the packed sequence does, on the GPU here: a read of it per forward stays reported, and so does a mask built from lengths moved to the device
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lstm = nn.LSTM(8, 8)

    def forward(self, x: torch.Tensor, src_lengths: list[int]):
        packed = nn.utils.rnn.pack_padded_sequence(x.cuda(), src_lengths)
        out, _ = self.lstm(packed)
        padded, lengths = nn.utils.rnn.pad_packed_sequence(out)
        peak = padded.abs().max().item()
        lengths = lengths.to(padded.device)
        if (lengths > 3).all():
            padded = padded * 2
        return padded, peak
