# expect: SYN101=1
# why: fresh12 M1 (mace's torch-sim model): getattr(state, "atomic_numbers", None) of the step's moved state tested `is not None` (with a module flag) is whether the state carries the attribute, the same on every MD step as `state.atomic_numbers is not None` would be; torch.equal against a device attribute reads on the host per forward
from typing import Any

import torch
from torch import nn


class SimModel(nn.Module):
    def __init__(self, model: nn.Module, device: str = "cuda",
                 atomic_numbers: torch.Tensor | None = None) -> None:
        super().__init__()
        self.model = model.to(device)
        self._device = device
        self.numbers_in_init = atomic_numbers is not None
        if atomic_numbers is not None:
            self.atomic_numbers = atomic_numbers.to(device=device, dtype=torch.long)

    def forward(self, state: Any) -> torch.Tensor:
        sim_state = state.to(self._device)
        state_numbers = getattr(sim_state, "atomic_numbers", None)
        if state_numbers is not None and self.numbers_in_init:
            if not torch.equal(state_numbers, self.atomic_numbers):
                raise ValueError("atomic numbers in the state differ from the model's")
        return self.model(sim_state.positions)
