# expect: none
# targets: SYN101
# why: the helper's body builds every table entry with torch.linspace/arange/tensor and no device (host tensors); its `dict[str, tuple[Tensor, bool]]` annotation names the kind, not the device, so reading an entry per op never syncs
import torch
from torch import Tensor, nn


class RandAug(nn.Module):
    def __init__(self, num_ops: int = 2, bins: int = 31):
        super().__init__()
        self.num_ops, self.bins = num_ops, bins

    def _space(self, bins: int) -> dict[str, tuple[Tensor, bool]]:
        return {
            "Brightness": (torch.linspace(0.0, 0.9, bins), True),
            "Posterize": (8 - (torch.arange(bins) / ((bins - 1) / 4)).round().int(), False),
            "Invert": (torch.tensor(0.0), False),
        }

    def _magnitudes(self, bins: int) -> Tensor:
        return torch.linspace(0.0, 0.3, bins)

    def forward(self, img: Tensor) -> Tensor:
        space = self._space(self.bins)
        shear = self._magnitudes(self.bins)
        for _ in range(self.num_ops):
            mags, signed = space["Brightness"]
            m = float(mags[torch.randint(self.bins, (1,))].item())
            img = img * (m + shear[3].item())
        return img
