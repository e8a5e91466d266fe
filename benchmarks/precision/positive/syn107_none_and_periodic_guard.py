# expect: SYN107=1
# why: `x is not None and step % n == 0` is a periodic guard: a periodic read (SYN107), never SYN101
import torch


def train(model, loader, optimizer, log_every: int, history: list[float]) -> None:
    grad_norm = None
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
        if grad_norm is not None and step % log_every == 0:
            history.append(grad_norm.item())
