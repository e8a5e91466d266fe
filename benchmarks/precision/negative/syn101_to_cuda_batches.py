# expect: none
# targets: SYN101, SYN105
# why: .to("cuda") of DataLoader batches is host-to-device, and not a host read
import torch
import torch.nn.functional as F


def train(model, loader, optimizer):
    model.train()
    for x, y in loader:
        x, y = x.to("cuda"), y.to("cuda")
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
