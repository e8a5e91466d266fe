import torch


def summarize(losses: list[torch.Tensor], *, with_max: bool = False) -> dict:
    stacked = torch.stack(losses)
    out = {"mean": stacked.mean()}
    if with_max:
        out["max"] = stacked.max().item()
    return out


def spread(losses: list[torch.Tensor], exact: bool = False) -> torch.Tensor:
    stacked = torch.stack(losses)
    if exact:
        return stacked.std() / stacked.mean().abs().item()
    return stacked.std()
