# expect: SYN102=2
# why: one call passes a dict literal whose "exception" value is a Python bool, the other a GPU tensor (a flag computed on the device): the helper's own test under the dict[str, Tensor] annotation and the call passing the device flag are reported
from __future__ import annotations

import torch


class Writer:
    def write_on_batch_end(self, prediction: dict[str, torch.Tensor]) -> int:
        if prediction["exception"]:
            return 0
        torch.save(prediction["coords"], "coords.pt")
        return 1


class Model(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.net = torch.nn.Linear(3, 3)
        self.writer = Writer()

    def forward(self, batch: dict[str, torch.Tensor]) -> int:
        coords = self.net(batch["coords"].cuda())
        if batch["skip"].numel() == 0:
            return self.writer.write_on_batch_end({"exception": False, "coords": coords})
        bad = torch.isnan(coords).any()
        return self.writer.write_on_batch_end({"exception": bad, "coords": coords})
