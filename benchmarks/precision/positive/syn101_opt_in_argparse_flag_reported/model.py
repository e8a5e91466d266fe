# expect: SYN101=1
# why: negative/syn101_opt_in_argparse_flag checked with --opt-in (fresh17 L3a): the CBHG loss .item() is reported, naming `use_cbhg=True`
# options: opt-in
import torch
from torch import nn


class Tacotron2(nn.Module):
    def __init__(self, idim: int, odim: int, args) -> None:
        super().__init__()
        self.use_cbhg = args.use_cbhg
        self.encoder = nn.Linear(idim, 256)
        self.decoder = nn.Linear(256, odim)
        self.cbhg = nn.Linear(odim, odim)
        self.stats: dict[str, float] = {}

    def forward(self, xs: torch.Tensor, ys: torch.Tensor, spcs: torch.Tensor) -> torch.Tensor:
        after_outs = self.decoder(self.encoder(xs))
        loss = nn.functional.l1_loss(after_outs, ys)
        if self.use_cbhg:
            cbhg_outs = self.cbhg(after_outs)
            cbhg_loss = nn.functional.mse_loss(cbhg_outs, spcs)
            loss = loss + cbhg_loss
            self.stats["cbhg_loss"] = cbhg_loss.item()
        return loss
