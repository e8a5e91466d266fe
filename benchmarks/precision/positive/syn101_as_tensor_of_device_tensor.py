# expect: SYN101=1
# why: torch.as_tensor(t) of a CUDA tensor is that tensor (torch.tensor(t) a copy on its device): .item() per batch syncs
import torch
import torch.nn.functional as F


def train(model, loader, optimizer):
    for inputs, target in loader:
        inputs, target = inputs.cuda(), target.cuda()
        loss = F.cross_entropy(model(inputs), target)
        loss.backward()
        optimizer.step()
        reported = torch.as_tensor(loss.detach())
        print(reported.item())
