# expect: SYN101=1
# why: all_gather_object pickles its object: a device tensor is copied to the host on every step
import torch
import torch.distributed as dist


def sync_losses(model, loader, world_size: int) -> list[list[float]]:
    history = []
    for batch in loader:
        loss = model(batch).mean()
        gathered = [None] * world_size
        dist.all_gather_object(gathered, loss.detach())
        history.append(gathered)
    return history
