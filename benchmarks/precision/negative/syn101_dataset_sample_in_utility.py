# expect: none
# targets: SYN101
# why: samples read through dataset[i] in dataset utilities are built by the dataset's __getitem__ on the host (a project Dataset, and an unannotated `dataset` parameter)
import torch
from torch.utils.data import Dataset


class MoleculeDataset(Dataset):
    def __init__(self, counts: list[int]):
        self.counts = counts

    def __len__(self) -> int:
        return len(self.counts)

    def __getitem__(self, idx: int) -> dict[str, torch.Tensor]:
        n = self.counts[idx]
        return {"n_atoms": torch.tensor([n]), "R": torch.rand(n, 3)}


def atoms_per_sample(dataset: MoleculeDataset) -> list[int]:
    counts = []
    for idx in range(len(dataset)):
        sample = dataset[idx]
        counts.append(sample["n_atoms"].sum().item())
    return counts


class PropertyCriterion:
    def __init__(self, key: str = "energy"):
        self.key = key

    def __call__(self, dataset) -> list[float]:
        values = []
        for idx in range(len(dataset)):
            sample = dataset[idx]
            values.append(sample[self.key].item())
        return values
