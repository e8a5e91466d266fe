# expect: none
# targets: SYN201
# why: a flat buffer reshaped and split back into per-parameter views
import torch


def flatten_and_unflatten(tensors: list[torch.Tensor]) -> list[torch.Tensor]:
    flat = torch.cat([t.reshape(-1) for t in tensors])
    flat = flat * 0.5
    pieces = torch.split(flat, [t.numel() for t in tensors])
    return [piece.view_as(t) for piece, t in zip(pieces, tensors)]
