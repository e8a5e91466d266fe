# expect: none
# targets: SYN105
# why: the model is moved once, outside the loop; the loop only uses device tensors
import torch


def warmup(model: torch.nn.Module, device: torch.device, steps: int = 3) -> None:
    model.to(device)
    x = torch.randn(8, 3, 224, 224, device=device)
    with torch.no_grad():
        for _ in range(steps):
            model(x)
