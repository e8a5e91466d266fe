# expect: none
# targets: SYN101
# why: the helper's reads sit under guards on its data (a list that may be empty, a count) and a logging flag: not settings, so its per-step call is not a sync on every step
import torch

from report import summarize


def train(model: torch.nn.Module, loader, optimizer, should_log: bool) -> None:
    for batch in loader:
        loss = model(batch.cuda()).mean()
        loss.backward()
        optimizer.step()
        summarize([loss.detach()], should_log)
