"""The rule registry: every rule class by code, in code order."""

from __future__ import annotations

from synclint.rules.base import Rule
from synclint.rules.builtin_over_tensors import BuiltinOverTensors
from synclint.rules.cat_then_reduce import CatThenReduceRule
from synclint.rules.data_dependent_shape import DataDependentShape
from synclint.rules.device_synchronize import DeviceSynchronize
from synclint.rules.float32_squared_norm import Float32SquaredNorm
from synclint.rules.graph_break import GraphBreak
from synclint.rules.hidden_sync_call import HiddenSyncCall
from synclint.rules.host_indexing import HostIndexing
from synclint.rules.host_to_device_in_loop import HostToDeviceInLoop
from synclint.rules.io_error import IoError
from synclint.rules.per_element_device_move import PerElementDeviceMove
from synclint.rules.periodic_sync import PeriodicSync
from synclint.rules.runtime_only_graph_break import RuntimeOnlyGraphBreak
from synclint.rules.runtime_only_sync import RuntimeOnlySync
from synclint.rules.separate_host_reads import SeparateHostReads
from synclint.rules.shape_sync_in_loop import ShapeSyncInLoop
from synclint.rules.sync_in_logging import SyncInLogging
from synclint.rules.sync_in_loop import SyncInLoop
from synclint.rules.syntax_error import SyntaxErrorRule
from synclint.rules.tensor_condition import TensorCondition
from synclint.rules.unused_noqa import UnusedNoqa

_RULES: list[type[Rule]] = [
    SyntaxErrorRule,
    IoError,
    SyncInLoop,
    TensorCondition,
    DeviceSynchronize,
    ShapeSyncInLoop,
    HostToDeviceInLoop,
    SyncInLogging,
    PeriodicSync,
    BuiltinOverTensors,
    HostIndexing,
    HiddenSyncCall,
    DataDependentShape,
    SeparateHostReads,
    CatThenReduceRule,
    PerElementDeviceMove,
    Float32SquaredNorm,
    UnusedNoqa,
    RuntimeOnlySync,
    GraphBreak,
    RuntimeOnlyGraphBreak,
]

ALL_RULES: dict[str, type[Rule]] = {rule.code: rule for rule in sorted(_RULES, key=lambda r: r.code)}
DEFAULT_CODES: frozenset[str] = frozenset(
    code for code, rule in ALL_RULES.items() if rule.default_enabled
)

__all__ = ["ALL_RULES", "DEFAULT_CODES", "Rule"]
