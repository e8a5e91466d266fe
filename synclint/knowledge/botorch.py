"""botorch: an acquisition function (`AcquisitionFunction`, an `nn.Module`) is built
once per BO iteration around a model that is already on the device, evaluated on every
step of the optimiser (`optimize_acqf`), and never moved (`acquisition/acquisition.py`;
models are: `SingleTaskGP.__init__` ends in `self.to(train_X)`). A buffer an
acquisition function registers from a value made on the host (a flag,
`torch.tensor(cache_pending, dtype=bool)`; a constant, `torch.full((n,), eta)`) stays on
the host, and testing it reads no device value."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library

LIBRARY = Library(
    name="botorch",
    roots=("botorch",),
    classes=(Class("botorch.AcquisitionFunction", module=True, unmoved=True),),
)
