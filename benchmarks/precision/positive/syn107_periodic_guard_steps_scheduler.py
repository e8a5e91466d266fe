# expect: SYN107=1
# why: a modulo guard that logs a loss and steps a learning-rate scheduler (not an optimiser) every `log_every` steps is periodic: the loss read is SYN107's, not a per-step sync (look-alike of the update-schedule guard)
import torch
import torch.nn.functional as F


def train(model, loader, optimizer, scheduler, log_every: int = 100):
    for step, (x, y) in enumerate(loader):
        x, y = x.cuda(), y.cuda()
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step % log_every == 0:
            scheduler.step()
            print(f"step {step}: loss {loss.item():.4f}")
