# expect: none
# targets: SYN102
# why: torch.load returns the saved container (a dict), not a tensor
import torch


def resume(model, optimizer, path: str, start_epoch: int) -> int:
    checkpoint = torch.load(path, map_location="cpu")
    if checkpoint["epoch"] >= start_epoch and checkpoint.get("optimizer"):
        optimizer.load_state_dict(checkpoint["optimizer"])
    model.load_state_dict(checkpoint["model"])
    if not checkpoint:
        return 0
    return checkpoint["epoch"] + 1
