# expect: none
# targets: SYN101, SYN102
# why: issue 22, fresh18 F1 (fairseq's DenoisingDataset.add_whole_word_mask, 3 drawn findings): a Dataset's own helper methods, which its `__getitem__` calls to build a sample, run in the DataLoader worker on host tensors, here a span-length distribution built from a CPU `FloatTensor` and the sample's `LongTensor`; their tests and `.item()` reads are not syncs
import math

import torch


class DenoisingDataset(torch.utils.data.Dataset):
    def __init__(self, data: list, mask_ratio: float) -> None:
        self.data = data
        self.mask_ratio = mask_ratio
        self.mask_span_distribution = torch.distributions.Categorical(
            torch.FloatTensor([0.1] * 10))

    def __len__(self) -> int:
        return len(self.data)

    def __getitem__(self, index: int) -> torch.Tensor:
        source = torch.LongTensor(self.data[index])
        return self.add_whole_word_mask(source, self.mask_ratio)

    def add_whole_word_mask(self, source, p):
        num_to_mask = int(math.ceil(source.float().sum() * p))
        lengths = self.mask_span_distribution.sample(sample_shape=(num_to_mask,))
        cum_length = torch.cumsum(lengths, 0)
        while cum_length[-1] < num_to_mask:
            lengths = torch.cat([lengths, self.mask_span_distribution.sample(
                sample_shape=(num_to_mask,))])
            cum_length = torch.cumsum(lengths, 0)
        for i in range(lengths.size(0)):
            if lengths[i].item() == 0:
                break
        return source
