# expect: SYN101=2
# why: mmengine's `BaseModule` (and `BaseModel`) derive from `nn.Module`: `forward` runs on every call of the head, and the graph builder it calls copies the score maps to the host each time; so does a `BaseModel`'s `forward` (mmocr's `DRRGHead`, fresh16 M3)
import torch
from mmengine.model import BaseModel, BaseModule
from torch import nn


class ProposalLocalGraphs:
    def __call__(self, preds: torch.Tensor) -> list:
        return list(torch.sigmoid(preds[0]).cpu().numpy())


class DRRGHead(BaseModule):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 1)
        self.graph_test = ProposalLocalGraphs()

    def forward(self, x: torch.Tensor) -> list:
        return self.graph_test(self.conv(x))


class Recognizer(BaseModel):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, inputs: torch.Tensor, data_samples=None, mode: str = "tensor"):
        scores = self.conv(inputs)
        return scores.argmax(1).cpu().tolist()
