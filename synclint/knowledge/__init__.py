"""What synclint knows about the libraries PyTorch code is written with.

One typed table per library (torch, torch.distributed, tensordict, transformers,
accelerate, Lightning, torchmetrics, ignite, DeepSpeed, stable-baselines3, tianshou,
d3rlpy, skrl, pyro, kornia, mmdet, mmengine, fastai, avalanche, catalyst, pykeen, gpytorch,
botorch, torch's and MONAI's data loading, torch_geometric's data pipeline, schnetpack's preprocessing
transforms, Dynamo's graph breaks, and the functions numba compiles): what a call returns (kind,
device relation to its arguments, dtype), which methods are
per-step roles, which calls sync or break a compiled graph. The model of the program
reads these tables; rules and fixes ask the model, never the tables' text.
"""

from synclint.knowledge.lookup import (
    ARRAY_ROOTS,
    ATTRIBUTE_NAMES,
    HINT_NAMES,
    HOST_ROLE_NAMES,
    INVOKERS,
    LIBRARIES,
    ONCE_NAMES,
    REGISTRARS,
    ROLE_NAMES,
    STATE_NAMES,
    SYNC_CALLS,
    annotation_kind,
    attribute_kind,
    call_kind,
    call_syncs,
    called_kind,
    class_of,
    hinted_owner,
    host_package,
    host_role,
    instance_test,
    invoker,
    is_loader,
    is_module,
    item_kind,
    knows_call,
    method_kind,
    method_syncs,
    never_moved,
    once_role,
    output_field,
    own_class,
    owners_of,
    per_step_event,
    registrar,
    returned_tensors,
    run_setting,
    state_registrar,
    step_role,
    to_host,
)
from synclint.knowledge.schema import (
    HostRole,
    Invoker,
    OnceRole,
    Registrar,
    Role,
    StateRegistrar,
)

__all__ = [
    "ARRAY_ROOTS", "ATTRIBUTE_NAMES", "HINT_NAMES", "HOST_ROLE_NAMES", "INVOKERS", "LIBRARIES", "ONCE_NAMES", "ROLE_NAMES", "REGISTRARS",
    "STATE_NAMES", "SYNC_CALLS", "annotation_kind", "attribute_kind", "call_kind",
    "call_syncs", "called_kind", "class_of", "hinted_owner", "host_package", "host_role", "instance_test", "is_loader", "is_module",
    "invoker", "item_kind", "knows_call", "never_moved", "method_kind", "method_syncs", "once_role", "output_field", "own_class",
    "owners_of", "per_step_event", "registrar", "returned_tensors", "run_setting",
    "state_registrar", "step_role", "to_host", "HostRole", "Invoker", "OnceRole",
    "Registrar", "Role", "StateRegistrar",
]
