# expect: none
# targets: SYN101
# why: the same helpers given host values by keyword (a CPU tensor, a Python float), or passing a different, host value for the parameter that is read, do not sync on the GPU
import torch


def read(t):
    return t.item()


def outer(loss):
    return read(t=torch.tensor(1.0))


def scaled(loss, scale):
    return read(t=scale)


def train(model: torch.nn.Module, batches: list[torch.Tensor]) -> None:
    for batch in batches:
        loss = model(batch.cuda()).sum()
        outer(loss)
        scaled(loss, torch.ones(()))
        loss.backward()
