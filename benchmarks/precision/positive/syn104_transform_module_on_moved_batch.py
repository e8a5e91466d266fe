# expect: SYN104=1, SYN101=1
# why: the same transform module, but its caller moves the datamodule's batch to the GPU first: int() and the mask in its loop sync
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


def data_dict_from_checkpoint(datamodule, device: torch.device) -> dict[str, torch.Tensor]:
    datamodule.setup(stage="fit")
    dloader = datamodule.train_dataloader()
    for data in dloader:
        data = {k: v.to(device) for k, v in data.items()}
        if data["pos"].shape[0] > 3:
            break
    if "cell" not in data:
        transform = NonPeriodicCellTransform(padding=10.0)
        data = transform(data)
    return data
