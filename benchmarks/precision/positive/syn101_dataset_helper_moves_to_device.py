# expect: SYN101=1, SYN102=2
# why: look-alikes of negative/syn101_dataset_helper_methods_host.py (fresh18 F1): a dataset helper that moves the sample to the GPU itself works on a device tensor (its per-span `.item()` is a sync), and the same span-sampling helper on a class that is no Dataset, called per training step with device tensors, keeps its finding
import torch


class GpuDataset(torch.utils.data.Dataset):
    def __init__(self, data: list) -> None:
        self.data = data

    def __len__(self) -> int:
        return len(self.data)

    def __getitem__(self, index: int) -> torch.Tensor:
        return self.spans(torch.LongTensor(self.data[index]))

    def spans(self, source):
        lengths = source.cuda().cumsum(0)
        for i in range(lengths.size(0)):
            if lengths[i].item() == 0:
                break
        return lengths


class Masker:
    def add_mask(self, source: torch.Tensor, num_to_mask: int) -> torch.Tensor:
        cum_length = torch.cumsum(source, 0)
        while cum_length[-1] < num_to_mask:
            cum_length = torch.cumsum(source * 2, 0)
        return cum_length


def train(masker: Masker, batches: list[torch.Tensor]) -> None:
    for batch in batches:
        masker.add_mask(batch.cuda(), 3)
