"""Lightning (`lightning`, `pytorch_lightning`, `lightning.fabric`): the step hooks of a
LightningModule or a Callback run once per batch or per optimisation step; setup hooks run
once per fit; `all_gather` / `all_reduce` keep their argument's kind and device."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, MODULE, Instance
from synclint.knowledge.schema import (
    Attribute,
    Call,
    Class,
    Follows,
    Library,
    Method,
    OnceRole,
    Returns,
    Role,
)

MODULE_CLASS = "lightning.LightningModule"
CALLBACK = "lightning.Callback"
DATAMODULE = "lightning.LightningDataModule"
FABRIC = "lightning.fabric.Fabric"
_SAME = Returns(follows=Follows.ARGUMENT, argument=0)
_HOST = Returns(HOST)

#: Hooks that run once per batch or per optimisation step (not per epoch), and what they
#: run once per, as the message says it.
STEP_HOOKS: dict[str, str] = {
    "training_step": "batch", "validation_step": "batch", "test_step": "batch",
    "predict_step": "batch", "on_train_batch_start": "batch", "on_train_batch_end": "batch",
    "on_validation_batch_start": "batch", "on_validation_batch_end": "batch",
    "on_test_batch_start": "batch", "on_test_batch_end": "batch",
    "on_predict_batch_start": "batch", "on_predict_batch_end": "batch",
    "on_before_batch_transfer": "batch", "on_after_batch_transfer": "batch",
    "transfer_batch_to_device": "batch",
    "on_before_backward": "training step", "on_after_backward": "training step",
    "on_before_optimizer_step": "training step", "on_before_zero_grad": "training step",
    "optimizer_step": "training step", "optimizer_zero_grad": "training step",
    "backward": "training step",
}
#: Hooks that run once per fit, before the steps.
SETUP_HOOKS = ("setup", "teardown", "prepare_data", "configure_optimizers", "configure_model",
               "configure_sharded_model")
HOST_ATTRIBUTES = ("device", "global_step", "current_epoch", "global_rank", "local_rank",
                   "automatic_optimization", "dtype", "on_gpu", "training")

LIBRARY = Library(
    name="lightning",
    roots=("lightning", "pytorch_lightning", "lightning_fabric"),
    bare_names=frozenset({"LightningModule"}),
    classes=(
        Class(MODULE_CLASS, module=True),
        Class(CALLBACK),
        Class(DATAMODULE),
        Class(FABRIC, hints=frozenset({"fabric"})),
    ),
    calls=(Call(FABRIC, Returns(Instance(FABRIC))),),
    methods=(
        Method(MODULE_CLASS, "all_gather", _SAME),
        Method(MODULE_CLASS, "log", _HOST),
        Method(MODULE_CLASS, "log_dict", _HOST),
        Method(MODULE_CLASS, "manual_backward", _HOST),
        Method(MODULE_CLASS, "print", _HOST, syncs="prints its arguments on the host"),
        Method(FABRIC, "all_gather", _SAME),
        Method(FABRIC, "all_reduce", _SAME),
        Method(FABRIC, "broadcast", _SAME),
        Method(FABRIC, "to_device", _SAME),
        Method(FABRIC, "setup", Returns(follows=Follows.ARGUMENTS)),
        Method(FABRIC, "setup_module", Returns(MODULE)),
        Method(FABRIC, "backward", _HOST),
        Method(FABRIC, "barrier", _HOST),
        Method(FABRIC, "print", _HOST, syncs="prints its arguments on the host"),
        Method(FABRIC, "log", _HOST),
        Method(FABRIC, "log_dict", _HOST),
    ),
    attributes=(
        *(Attribute(MODULE_CLASS, name, HOST) for name in HOST_ATTRIBUTES),
        *(Attribute(FABRIC, name, HOST) for name in ("device", "global_rank", "local_rank",
                                                      "world_size", "is_global_zero")),
    ),
    roles=tuple(
        Role(owner, hook, f"`{hook}` runs once per {per}")
        for owner in (MODULE_CLASS, CALLBACK) for hook, per in STEP_HOOKS.items()
    ),
    once=(
        *(OnceRole(MODULE_CLASS, hook, f"`{hook}` runs once, before the steps")
          for hook in SETUP_HOOKS),
        *(OnceRole(DATAMODULE, hook, f"`{hook}` runs once, before the steps")
          for hook in SETUP_HOOKS),
    ),
)
