# expect: none
# targets: SYN101
# why: espnet1 Tacotron 2 (issue 22, fresh17 L3a): the CBHG loss is read with .item() only when the argparse option `--use-cbhg` (`default=False, type=strtobool`, declared in the training script) is on; __init__ keeps it as self.use_cbhg = args.use_cbhg: opt-in code, silent by default
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
