"""DeepSpeed: `deepspeed.initialize` gives an engine (an `nn.Module`) whose forward,
`train_batch` and `eval_batch` return device losses; its bookkeeping is host values."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, MODULE, TENSOR, UNKNOWN, Instance, Seq, Tup
from synclint.knowledge.schema import Attribute, Call, Class, Library, Method, Returns

ENGINE = "deepspeed.DeepSpeedEngine"
_ENGINE = Instance(ENGINE)
HOST_METHODS = ("backward", "step", "is_gradient_accumulation_boundary", "save_checkpoint",
                "load_checkpoint", "zero_grad", "set_gradient_accumulation_boundary",
                "train", "eval", "was_step_applied")

LIBRARY = Library(
    name="deepspeed",
    roots=("deepspeed",),
    classes=(
        Class(ENGINE, module=True, called=TENSOR,
              hints=frozenset({"model_engine", "ds_engine", "engine"})),
        Class("deepspeed.PipelineEngine", bases=(ENGINE,), module=True, called=TENSOR),
    ),
    calls=(
        # (engine, optimizer, training dataloader, lr scheduler)
        Call("deepspeed.initialize", Returns(Tup((_ENGINE, UNKNOWN, UNKNOWN, UNKNOWN)))),
    ),
    methods=(
        Method(ENGINE, "train_batch", Returns(TENSOR)),
        Method(ENGINE, "eval_batch", Returns(TENSOR)),
        Method(ENGINE, "get_lr", Returns(Seq(HOST))),
        *(Method(ENGINE, name, Returns(HOST)) for name in HOST_METHODS),
    ),
    attributes=(
        Attribute(ENGINE, "module", MODULE),
        *(Attribute(ENGINE, name, HOST) for name in (
            "device", "global_steps", "global_samples", "local_rank", "world_size",
            "gradient_accumulation_steps", "train_micro_batch_size_per_gpu")),
    ),
)
