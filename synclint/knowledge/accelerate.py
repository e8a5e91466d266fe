"""Hugging Face accelerate: an `Accelerator` gathers, reduces and pads tensors on their
device (the result is a tensor where its argument was), prepares objects for training
(giving them back in order) and keeps the process layout as host values."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, MODULE, TENSOR, Instance, Mapping
from synclint.knowledge.schema import (
    Attribute,
    Call,
    Class,
    Follows,
    Library,
    Method,
    Returns,
)

ACCELERATOR = "accelerate.Accelerator"
_SAME = Returns(follows=Follows.ARGUMENT, argument=0)
_HOST = Returns(HOST)
#: Collectives that keep their argument's kind and device.
COLLECTIVES = ("gather", "gather_for_metrics", "reduce", "pad_across_processes", "broadcast")
HOST_ATTRIBUTES = ("device", "is_main_process", "is_local_main_process", "is_last_process",
                   "num_processes", "process_index", "local_process_index", "sync_gradients",
                   "gradient_accumulation_steps", "mixed_precision", "distributed_type",
                   "use_distributed", "optimizer_step_was_skipped", "step", "split_batches",
                   "project_dir", "logging_dir", "trackers", "state")
HOST_METHODS = ("backward", "wait_for_everyone", "save_state", "load_state", "save_model",
                "save", "init_trackers", "end_training", "register_for_checkpointing",
                "free_memory", "clear", "skip_first_batches", "get_tracker", "set_trigger",
                "check_trigger", "clip_grad_value_")

LIBRARY = Library(
    name="accelerate",
    roots=("accelerate",),
    classes=(Class(ACCELERATOR, hints=frozenset({"accelerator"}),
                   hint_roots=("transformers", "trl")),),
    calls=(
        Call(ACCELERATOR, Returns(Instance(ACCELERATOR))),
        *(Call(f"accelerate.utils.{name}", _SAME) for name in COLLECTIVES),
        Call("accelerate.utils.gather_object", _HOST,
             syncs="pickles its objects: a device tensor in one is copied to the host"),
        Call("accelerate.utils.set_seed", _HOST),
    ),
    methods=(
        *(Method(ACCELERATOR, name, _SAME) for name in COLLECTIVES),
        *(Method(ACCELERATOR, name, _HOST) for name in HOST_METHODS),
        Method(ACCELERATOR, "prepare", Returns(follows=Follows.ARGUMENTS, places=True)),
        Method(ACCELERATOR, "prepare_model", Returns(MODULE)),
        Method(ACCELERATOR, "unwrap_model", Returns(MODULE)),
        # The total norm, on the device of the gradients.
        Method(ACCELERATOR, "clip_grad_norm_", Returns(TENSOR)),
        Method(ACCELERATOR, "get_state_dict", Returns(Mapping(HOST, TENSOR))),
        Method(ACCELERATOR, "gather_object", _HOST,
               syncs="pickles its objects: a device tensor in one is copied to the host"),
        # Prints and logs on the main process: tensors among the values are read there.
        Method(ACCELERATOR, "print", _HOST, syncs="prints its arguments on the host"),
        Method(ACCELERATOR, "log", _HOST, syncs="hands the values to the trackers, which "
               "read tensors on the host"),
    ),
    attributes=tuple(Attribute(ACCELERATOR, name, HOST) for name in HOST_ATTRIBUTES),
)
