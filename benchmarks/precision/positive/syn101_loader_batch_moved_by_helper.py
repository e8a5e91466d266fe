# expect: SYN101=2
# why: each host batch of the loader is moved to the device by a project helper (`X.to(device)`), so what the model computes from it is on the device: a copy per batch
import torch
from torch.utils.data import DataLoader


def to_device(X: torch.Tensor, device: str) -> torch.Tensor:
    return X.to(device)


def to_gpu(X: torch.Tensor) -> torch.Tensor:
    return X.cuda()


class Explainer:
    def __init__(self, device: str):
        self.device = device

    def explain(self, model, dataset) -> list:
        out = []
        for data in DataLoader(dataset=dataset, batch_size=32):
            m = model(to_device(data, self.device))
            out.append(m.cpu().detach().numpy())
        return out

    def explain_on_gpu(self, model, dataset) -> list:
        out = []
        for data in DataLoader(dataset=dataset, batch_size=32):
            m = model(to_gpu(data))
            out.append(m.cpu().detach().numpy())
        return out
