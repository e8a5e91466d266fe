import torch


def summarize(losses: list[torch.Tensor], should_log: bool) -> dict:
    out = {}
    stacked = torch.stack(losses) if losses else None
    if stacked is not None and stacked.numel() > 100:
        out["mean"] = stacked.mean().item()
    if should_log:
        out["last"] = losses[-1].item()
    return out
