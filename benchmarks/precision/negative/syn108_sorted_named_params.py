# expect: none
# targets: SYN108
# why: sorting by name (a string key) never compares tensors
import torch


def ordered_parameters(model: torch.nn.Module) -> list[torch.Tensor]:
    named = sorted(model.named_parameters(), key=lambda kv: kv[0])
    return [p for _, p in named]
