# expect: SYN101=1
# why: the helper's own body is save code, but calling it on every iteration of the training loop syncs every step (reported at the call)
import torch


def save_param_norms(model: torch.nn.Module, history: list) -> None:
    history.append({n: p.norm().item() for n, p in model.named_parameters()})


def train(model: torch.nn.Module, loader, optimizer) -> list:
    history: list = []
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        save_param_norms(model, history)
    return history
