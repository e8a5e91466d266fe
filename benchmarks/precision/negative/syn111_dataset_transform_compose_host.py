# expect: none
# targets: SYN111, SYN101
# why: a callable class assigned into a dataset's transform (inside a Compose) runs on each host sample in a DataLoader worker: no device value is read
from __future__ import annotations

import torch
from torchvision import transforms


class RandomBFSOrder:
    def __call__(self, item: dict) -> dict:
        reactant, synthon = item["graph"]
        id2synthon = -torch.ones(int(synthon.atom_map.max()) + 1, dtype=torch.long,
                                 device=synthon.device)
        id2synthon[synthon.atom_map] = torch.arange(synthon.num_node, device=synthon.device)
        candidate = (id2synthon[reactant.atom_map] != -1).nonzero().squeeze(-1)
        item["root"] = candidate[torch.randint(len(candidate), (1,))].item()
        return item


class CenterIdentification(torch.nn.Module):
    def __init__(self, model: torch.nn.Module):
        super().__init__()
        self.model = model

    def preprocess(self, train_set: torch.utils.data.Dataset) -> None:
        train_set.transform = transforms.Compose([
            train_set.transform,
            RandomBFSOrder(),
        ])

    def forward(self, batch: dict[str, torch.Tensor]) -> torch.Tensor:
        return self.model(batch["graph"])
