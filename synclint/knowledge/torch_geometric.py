"""torch_geometric (PyG): its data pipeline works on graphs on the host.

A transform (`BaseTransform.forward`, run by `__call__`) pre-processes a `Data` object when
a dataset is built or loaded; a dataset's methods (`process`, `download`, `get` and the
helpers a subclass adds) build or read its graphs; a sampler (`BaseSampler`) runs in the
loader's `collate_fn`, in its worker processes, on the graph the loader was given, and its
outputs (`SamplerOutput`) carry those CPU tensors. The module functions of its `sampler`
package (`neg_sample`, `edge_sample`) and of its `distributed` package (partitions written
to disk, the RPC sampler over CPU graph and feature stores) work on the same host graphs.
None of them sees a device unless it moves a value itself (`T.ToDevice`,
`data.to("cuda")`, `device=...`): the model reads them as host data code
(`model/host_data.py`), a tensor there whose device nothing shows is a CPU tensor. A
transform applied by hand to a batch already on the GPU is the case this cannot see (the
call site gives no sign of it); PyG's own training loops move the batch after the loader,
not before the transforms. (Its `loader` package is left out: its helpers move a sampled
index to each stored value's device, which the model cannot prove is the host.)

Its layers are `nn.Module`s: `MessagePassing.forward` runs per step.
"""

from __future__ import annotations

from synclint.knowledge.host_data import DATASET
from synclint.knowledge.schema import ALL_METHODS, Class, HostRole, Library

TRANSFORM = "torch_geometric.transforms.BaseTransform"
PYG_DATASET = "torch_geometric.data.Dataset"
IN_MEMORY = "torch_geometric.data.InMemoryDataset"
SAMPLER = "torch_geometric.sampler.BaseSampler"
OUTPUT = "torch_geometric.sampler.SamplerOutput"
HETERO_OUTPUT = "torch_geometric.sampler.HeteroSamplerOutput"
MESSAGE_PASSING = "torch_geometric.nn.MessagePassing"

_TRANSFORM = "a torch_geometric transform pre-processes a graph on the host"
_DATASET = "a torch_geometric dataset builds and loads its graphs on the host"
_SAMPLER = "a torch_geometric sampler runs in the loader's workers, on the host graph"
_SAMPLER_PACKAGE = ("torch_geometric's sampler package runs in the loader's workers, "
                    "on the host graph")
_DISTRIBUTED = "torch_geometric's distributed package partitions and samples host graphs"

LIBRARY = Library(
    name="torch_geometric",
    roots=("torch_geometric",),
    classes=(
        Class(TRANSFORM),
        Class(PYG_DATASET, bases=(DATASET,)),
        Class(IN_MEMORY, bases=(PYG_DATASET,)),
        Class(SAMPLER),
        Class(OUTPUT),
        Class(HETERO_OUTPUT),
        Class(MESSAGE_PASSING, module=True),
    ),
    host_roles=(
        HostRole(TRANSFORM, "forward", _TRANSFORM),
        HostRole(TRANSFORM, "__call__", _TRANSFORM),
        HostRole(PYG_DATASET, ALL_METHODS, _DATASET),
        HostRole(SAMPLER, ALL_METHODS, _SAMPLER),
        HostRole(OUTPUT, ALL_METHODS, _SAMPLER),
        HostRole(HETERO_OUTPUT, ALL_METHODS, _SAMPLER),
    ),
    host_packages=(("torch_geometric.sampler", _SAMPLER_PACKAGE),
                   ("torch_geometric.distributed", _DISTRIBUTED)),
)
