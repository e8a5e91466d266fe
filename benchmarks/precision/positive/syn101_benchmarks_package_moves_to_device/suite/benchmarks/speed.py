# expect: SYN101=2
# why: a module of a benchmarks package that moves the model and the data to the GPU itself times GPU work: its per-batch .item() reads sync (one in the package, one in a benchmarks script folder that is no package, so no data-building role)
import torch


def run(model, batches, device: str = "cuda") -> list[float]:
    model = model.to(device)
    losses = []
    for x, y in batches:
        x, y = x.to(device), y.to(device)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        losses.append(loss.item())
    return losses
