# expect: SYN101=1
# why: torch-sim's `ModelInterface` is an `nn.Module` (TorchSim calls `model(state)` on every MD step): `forward` of a subclass is per-step code, and `torch.equal` there reads device tensors (fresh10 M6, nequip's TorchSim calculator)
import torch
from torch_sim.models.interface import ModelInterface


class TorchSimCalc(ModelInterface):
    def __init__(self, model, device: str = "cuda"):
        super().__init__()
        self.model = model
        self._device = torch.device(device)

    def forward(self, state) -> dict[str, torch.Tensor]:
        numbers = state.atomic_numbers
        known = getattr(self, "atomic_numbers", torch.zeros(0, device=self._device))
        if not torch.equal(numbers, known):
            self.atomic_numbers = numbers
        return self.model(state)
