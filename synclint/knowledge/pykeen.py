"""pykeen: a knowledge graph's triples are ID tensors built on the host. A
`TriplesFactory` (and `CoreTriplesFactory`) holds them in `mapped_triples`, a CPU
`LongTensor` (`triples/triples_factory.py` builds it with `torch.as_tensor` of NumPy
arrays), and the `pykeen.triples` package analyses, splits and de-leaks them there
(`triples/analysis.py` calls `.numpy()` on them without `.cpu()`). Training moves batches
of them to the model's device itself (`training/training_loop.py`: `batch.to(device)`),
so only the factory's field and the triples package are host data by this table."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR
from synclint.knowledge.schema import Attribute, Class, Library

CORE_FACTORY = "pykeen.triples.CoreTriplesFactory"
FACTORY = "pykeen.triples.TriplesFactory"

LIBRARY = Library(
    name="pykeen",
    roots=("pykeen",),
    classes=(Class(CORE_FACTORY), Class(FACTORY, bases=(CORE_FACTORY,))),
    attributes=(Attribute(CORE_FACTORY, "mapped_triples", HOST_TENSOR),
                Attribute(FACTORY, "mapped_triples", HOST_TENSOR)),
    host_packages=(("pykeen.triples",
                    "pykeen's triples package works on a knowledge graph's host ID tensors"),),
)
