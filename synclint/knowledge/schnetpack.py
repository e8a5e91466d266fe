"""schnetpack: its preprocessing transforms work on one host sample.

schnetpack's `Transform`s are `nn.Module`s with flags that say where they run
(`is_preprocessor`, `is_postprocessor`). Those that only pre-process (neighbour lists and
the filters and collectors of their indices, `WrapPositions`, `SplitShielding`, the
centring transforms: `is_postprocessor = False`) are applied to one sample at a time on
the host: by the dataset when it loads a sample (`BaseAtomsData._apply_transforms`), by
`AtomsConverter` before it moves the batch to the model's device, and by the
molecular-dynamics `NeighborListMD` after it `.cpu()`s each molecule. The model reads
their methods as host data code (`model/host_data.py`), unless one moves a value to a
device itself. A `Transform` that may post-process (the base class, casting, offsets and
scaling) runs on the model's outputs, on its device, per step: it keeps its findings.
"""

from __future__ import annotations

from synclint.knowledge.schema import ALL_METHODS, Class, HostRole, Library

TRANSFORM = "schnetpack.transform.Transform"
#: The transforms that only pre-process one sample (`is_postprocessor = False`, or a
#: neighbour filter applied with the neighbour list).
PREPROCESSORS = (
    "schnetpack.transform.NeighborListTransform",
    "schnetpack.transform.CachedNeighborList",
    "schnetpack.transform.SkinNeighborList",
    "schnetpack.transform.FilterNeighbors",
    "schnetpack.transform.CollectAtomTriples",
    "schnetpack.transform.CountNeighbors",
    "schnetpack.transform.WrapPositions",
    "schnetpack.transform.SplitShielding",
    "schnetpack.transform.SubtractCenterOfMass",
    "schnetpack.transform.SubtractCenterOfGeometry",
)

_PREPROCESSOR = "a schnetpack preprocessing transform works on one host sample"

LIBRARY = Library(
    name="schnetpack",
    roots=("schnetpack",),
    classes=(
        Class(TRANSFORM, module=True),
        *(Class(name, bases=(TRANSFORM,)) for name in PREPROCESSORS),
    ),
    host_roles=tuple(HostRole(name, ALL_METHODS, _PREPROCESSOR) for name in PREPROCESSORS),
)
