"""torch-sim (TorchSim): atomistic simulation with batched PyTorch models.

Its `ModelInterface` is an `nn.Module` (`class ModelInterface(torch.nn.Module, ABC)`):
integrators and optimisers call `model(state)` on every MD or relaxation step, so the
`forward` of a model that implements it is per-step code, as any module's is (nequip's
TorchSim calculator, fresh10 M6). Its `SimState` is a dataclass of tensors, not a module.
"""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library

MODEL_INTERFACE = "torch_sim.models.interface.ModelInterface"

LIBRARY = Library(
    name="torch_sim",
    roots=("torch_sim",),
    classes=(Class(MODEL_INTERFACE, module=True),),
)
