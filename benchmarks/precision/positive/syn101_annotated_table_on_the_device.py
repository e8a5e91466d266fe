# expect: SYN101=2
# why: the look-alike: the same annotated tables built on the input's device (or returned from a parameter) are device tensors, read on the host per op
import torch
from torch import Tensor, nn


class RandAug(nn.Module):
    def __init__(self, num_ops: int = 2, bins: int = 31):
        super().__init__()
        self.num_ops, self.bins = num_ops, bins

    def _space(self, bins: int, device: torch.device) -> dict[str, tuple[Tensor, bool]]:
        return {
            "Brightness": (torch.linspace(0.0, 0.9, bins, device=device), True),
            "Invert": (torch.tensor(0.0, device=device), False),
        }

    def _magnitudes(self, table) -> Tensor:
        return table

    def forward(self, img: Tensor, table) -> Tensor:
        space = self._space(self.bins, img.device)
        shear = self._magnitudes(table)
        for _ in range(self.num_ops):
            mags, signed = space["Brightness"]
            m = float(mags[torch.randint(self.bins, (1,))].item())
            img = img * (m + shear[3].item())
        return img
