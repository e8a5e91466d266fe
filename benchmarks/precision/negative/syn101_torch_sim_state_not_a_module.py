# expect: none
# targets: SYN101
# why: a class deriving from a torch-sim class that is not a module (`SimState`, a dataclass of tensors) has a `forward` nobody calls per step: not per-step code by its base (look-alike of fresh10 M6)
import torch
from torch_sim.state import SimState


class CheckedState(SimState):
    def forward(self, other: torch.Tensor) -> bool:
        return torch.equal(self.atomic_numbers, other)
