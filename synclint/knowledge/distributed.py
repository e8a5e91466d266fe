"""torch.distributed: ranks and sizes are host values, collectives on tensors stay on the
device (they return None or a work handle), and the object collectives pickle their
objects, so a device tensor in one is copied to the host: a sync."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, TENSOR, UNKNOWN, Seq
from synclint.knowledge.schema import Call, Library, Returns

D = "torch.distributed."
_HOST = Returns(HOST)
#: Object collectives: they pickle Python objects, tensors included (`torch.save`
#: semantics: a device tensor's storage is copied to the host first).
PICKLES = "pickles its objects: a device tensor in one is copied to the host"
OBJECT_COLLECTIVES = ("all_gather_object", "gather_object", "broadcast_object_list",
                      "scatter_object_list", "send_object_list", "recv_object_list")
#: Tensor collectives: enqueued on the device; None, or a work handle with `async_op=True`
#: (`work.wait()` makes the current stream wait, not the host).
TENSOR_COLLECTIVES = ("all_reduce", "reduce", "broadcast", "all_gather",
                      "all_gather_into_tensor", "reduce_scatter", "reduce_scatter_tensor",
                      "all_to_all", "all_to_all_single", "send", "recv", "isend", "irecv",
                      "batch_isend_irecv", "scatter", "gather", "barrier", "monitored_barrier")
HOST_FUNCTIONS = ("get_rank", "get_world_size", "get_backend", "is_initialized",
                  "is_available", "is_nccl_available", "is_gloo_available",
                  "is_torchelastic_launched", "get_node_local_rank", "get_process_group_ranks",
                  "new_group", "init_process_group", "destroy_process_group",
                  "get_global_rank", "get_group_rank")
#: Host functions whose answer is a setting of the run: a test of them (`get_world_size()
#: > 1`) picks the same branch on every step of a run, distributed or not.
RUN_SETTINGS = ("get_world_size", "is_initialized", "is_available")

LIBRARY = Library(
    name="torch.distributed",
    roots=("torch",),
    calls=(
        *(Call(D + name, _HOST, run_setting=name in RUN_SETTINGS)
          for name in HOST_FUNCTIONS),
        *(Call(D + name, _HOST) for name in TENSOR_COLLECTIVES),
        *(Call(D + name, _HOST, syncs=PICKLES) for name in OBJECT_COLLECTIVES),
        Call(D + "nn.functional.all_gather", Returns(Seq(TENSOR))),
        Call(D + "nn.functional.all_reduce", Returns(TENSOR)),
        Call(D + "rpc.rpc_sync", Returns(UNKNOWN)),
    ),
)
