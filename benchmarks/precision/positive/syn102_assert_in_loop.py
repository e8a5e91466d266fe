# expect: SYN102=1
# why: assert on every parameter after loading a checkpoint
import torch
from torch import nn


def load_and_verify(model: nn.Module, path: str) -> None:
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state)
    model.cuda()
    for name, p in model.named_parameters():
        assert not torch.isnan(p).any(), f"NaN in {name}"
