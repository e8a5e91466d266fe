# expect: SYN109=1
# why: a slice bound that is a device tensor is read on the host: a sync the reader cannot see
import torch


def first_sequence(tokens: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    first = tokens[0, : lengths[0]]
    return first.clone()
