import torch


def summarize(losses: list[torch.Tensor], *, with_max: bool = False) -> dict:
    stacked = torch.stack(losses)
    out = {"mean": stacked.mean()}
    if with_max:
        out["max"] = stacked.max().item()
    return out


def summarize_any(losses: list[torch.Tensor], **options) -> dict:
    stacked = torch.stack(losses)
    out = {"mean": stacked.mean()}
    if options.get("with_max"):
        out["max"] = stacked.max().item()
    return out
