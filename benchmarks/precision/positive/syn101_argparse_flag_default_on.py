# expect: SYN101=1
# why: look-alike of negative/syn101_opt_in_argparse_flag (fresh17 L3a): `--use-cbhg` is declared with action="store_false", so it is on by default: the CBHG loss .item() runs every step and stays reported
import torch
from torch import nn


class Tacotron2(nn.Module):
    @staticmethod
    def add_arguments(parser):
        group = parser.add_argument_group("tacotron 2 model setting")
        group.add_argument("--elayers", default=1, type=int, help="Number of encoder layers")
        group.add_argument("--use-cbhg", action="store_false", dest="use_cbhg",
                           help="Turn the CBHG module off")
        return parser

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
