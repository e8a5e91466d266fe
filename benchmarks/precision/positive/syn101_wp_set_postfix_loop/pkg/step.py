import torch


def train_step(model, batch, optimizer) -> torch.Tensor:
    optimizer.zero_grad()
    loss = model(batch).mean()
    loss.backward()
    optimizer.step()
    return loss.detach()
