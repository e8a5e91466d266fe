# expect: SYN110=1
# why: torch.cuda.empty_cache() synchronizes the device; in the step loop it waits every step
import torch


def train(model: torch.nn.Module, loader, optimizer) -> None:
    for inputs, targets in loader:
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        torch.cuda.empty_cache()
