# expect: SYN101=1
# why: `sched.lr` is a property whose getter calls `.item()` on a device tensor: reading it in the loop syncs once per batch (the getter's read is the related location)
import torch

from schedule import WarmupSchedule


def train(model: torch.nn.Module, loader, optimizer, device: torch.device) -> list:
    sched = WarmupSchedule(1e-3, 100, device)
    seen = torch.zeros((), device=device)
    history = []
    for batch in loader:
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
        seen += 1
        sched.step(seen)
        history.append(sched.lr)
    return history
