# expect: none
# targets: SYN101, SYN102
# why: issue 22, fresh18 F2 (fairseq's BERARD encoder): `nn.utils.rnn.pad_packed_sequence` returns the padded data where the packed sequence lives and its lengths as a CPU int64 tensor (torch's documented behaviour), so a helper's `torch.max(lens).item()` of those lengths reads host memory
import torch
from torch import nn


def lengths_to_padding_mask(lens: torch.Tensor) -> torch.Tensor:
    bsz, max_lens = lens.size(0), torch.max(lens).item()
    mask = torch.arange(max_lens).to(lens.device).view(1, max_lens)
    return mask.expand(bsz, -1) >= lens.view(bsz, 1).expand(-1, max_lens)


class BerardEncoder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lstm = nn.LSTM(8, 8, bidirectional=True)

    def forward(self, x: torch.Tensor, src_lengths: list[int]):
        packed_x = nn.utils.rnn.pack_padded_sequence(x, src_lengths)
        packed_outs, _ = self.lstm(packed_x)
        x, output_lengths = nn.utils.rnn.pad_packed_sequence(packed_outs)
        encoder_padding_mask = lengths_to_padding_mask(output_lengths).to(x.device).t()
        if output_lengths.max() > 100:
            x = x[:100]
        return x, encoder_padding_mask
