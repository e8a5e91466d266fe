# expect: none
# targets: SYN107
# why: a periodic guard that logs host values only (learning rate, step time); the loss stays on the device
import time

import torch


def train(model, loader, optimizer, scheduler, log_every: int, writer):
    running = torch.zeros((), device="cuda")
    for step, batch in enumerate(loader):
        start = time.perf_counter()
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
        scheduler.step()
        running += loss.detach()
        if step % log_every == 0:
            writer.add_scalar("lr", scheduler.get_last_lr()[0], step)
            writer.add_scalar("step_time", time.perf_counter() - start, step)
