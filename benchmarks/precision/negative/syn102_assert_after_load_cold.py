# expect: none
# targets: SYN102
# why: load code runs once per checkpoint: an assert per parameter there is not worth a report (was a positive before cold load/save code; see README)
import torch
from torch import nn


def load_and_verify(model: nn.Module, path: str) -> None:
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state)
    model.cuda()
    for name, p in model.named_parameters():
        assert not torch.isnan(p).any(), f"NaN in {name}"
