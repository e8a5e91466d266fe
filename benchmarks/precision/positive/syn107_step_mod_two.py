# expect: SYN107=1
# why: `if step % 2:` is still a periodic guard (every other step)
import torch


def train(model, loader, optimizer, history: list):
    for step, batch in enumerate(loader):
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
        if step % 2:
            history.append(loss.item())
