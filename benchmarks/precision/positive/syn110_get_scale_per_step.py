# expect: SYN110=1
# why: GradScaler.get_scale() is `.item()` of the scale: one sync per step
import torch


def train(model: torch.nn.Module, loader, optimizer) -> list[float]:
    scaler = torch.cuda.amp.GradScaler()
    scales = []
    for inputs, targets in loader:
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        scales.append(scaler.get_scale())
    return scales
