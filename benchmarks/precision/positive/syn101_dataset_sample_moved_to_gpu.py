# expect: SYN101=1
# why: a dataset whose __getitem__ puts its sample on the GPU: reading each sample's count is a sync per sample
import torch
from torch.utils.data import Dataset


class GpuMoleculeDataset(Dataset):
    def __init__(self, counts: list[int]):
        self.counts = counts

    def __len__(self) -> int:
        return len(self.counts)

    def __getitem__(self, idx: int) -> dict[str, torch.Tensor]:
        n = self.counts[idx]
        return {"n_atoms": torch.tensor([n], device="cuda"), "R": torch.rand(n, 3, device="cuda")}


def atoms_per_sample(dataset: GpuMoleculeDataset) -> list[int]:
    counts = []
    for idx in range(len(dataset)):
        sample = dataset[idx]
        counts.append(sample["n_atoms"].sum().item())
    return counts
