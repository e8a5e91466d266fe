# expect: none
# targets: SYN101
# why: espnet1 TTS (issue 22, fresh17 L3a): the model declares its own options in a staticmethod add_arguments, and __init__ keeps `args.use_guided_attn_loss` (`default=False`) after `args = fill_missing_args(args, self.add_arguments)`; the guided attention loss .item() runs only with the option on: opt-in code, silent by default
import torch
from torch import nn


def fill_missing_args(args, add_arguments):
    return args


class Tacotron2(nn.Module):
    @staticmethod
    def add_arguments(parser):
        group = parser.add_argument_group("tacotron 2 model setting")
        group.add_argument("--elayers", default=1, type=int, help="Number of encoder layers")
        group.add_argument("--use-guided-attn-loss", default=False, type=int,
                           help="Whether to use the guided attention loss")
        return parser

    def __init__(self, idim: int, odim: int, args=None) -> None:
        super().__init__()
        args = fill_missing_args(args, self.add_arguments)
        self.use_guided_attn_loss = args.use_guided_attn_loss
        self.encoder = nn.Linear(idim, 256)
        self.decoder = nn.Linear(256, odim)
        self.stats: dict[str, float] = {}

    def forward(self, xs: torch.Tensor, ys: torch.Tensor) -> torch.Tensor:
        hs = self.encoder(xs)
        loss = nn.functional.l1_loss(self.decoder(hs), ys)
        if self.use_guided_attn_loss:
            attn = hs.softmax(-1)
            attn_loss = (attn * attn.log()).sum(-1).mean()
            loss = loss + attn_loss
            self.stats["attn_loss"] = attn_loss.item()
        return loss
