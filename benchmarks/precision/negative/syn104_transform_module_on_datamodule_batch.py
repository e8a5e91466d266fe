# expect: none
# targets: SYN104, SYN101
# why: a transform module whose only project caller gives it a batch of a datamodule's train_dataloader() that nothing moves: its masks index host tensors
from __future__ import annotations

import torch


class NonPeriodicCellTransform(torch.nn.Module):
    def __init__(self, padding: float):
        super().__init__()
        self.padding = padding

    def forward(self, data: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        pos = data["pos"]
        batch = data.get("batch", torch.zeros(pos.shape[0], dtype=torch.long, device=pos.device))
        cells = []
        for i in range(int(data["num_frames"])):
            frame_pos = pos[batch == i]
            cells.append(frame_pos.amax(0) - frame_pos.amin(0) + self.padding)
        data["cell"] = torch.stack(cells)
        return data


def data_dict_from_checkpoint(datamodule) -> dict[str, torch.Tensor]:
    datamodule.setup(stage="fit")
    dloader = datamodule.train_dataloader()
    for data in dloader:
        if data["pos"].shape[0] > 3:
            break
    if "cell" not in data:
        transform = NonPeriodicCellTransform(padding=10.0)
        data = transform(data)
    return data
