import torch


def valid_tokens(x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    mask = torch.arange(x.shape[1], device=x.device)[None, :] < lengths[:, None]
    return x[mask]
