# expect: none
# targets: SYN102
# why: every project call passes a dict literal whose "exception" value is a Python bool: the parameter's dict[str, Tensor] annotation does not make that value a tensor (fresh13 F4, boltz's prediction writer)
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
        try:
            coords = self.net(batch["coords"].cuda())
            return self.writer.write_on_batch_end({"exception": False, "coords": coords})
        except RuntimeError:
            return self.writer.write_on_batch_end({"exception": True})
