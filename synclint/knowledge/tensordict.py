"""tensordict and TorchRL: a TensorDict is a dict of tensors on one device, keyed by
strings (nested keys are tuples: `td["next", "done"]`); TorchRL's environments, collectors
and losses read and write them once per environment step.

A TensorDict's values are device tensors as far as the model knows (like a `torch.Tensor`
annotation): `td["done"].any()` tested in a rollout loop is a sync per step. One moved to
the CPU (`td.cpu()`, `td.to("cpu")`) holds CPU tensors. A key test (`"mask" in td`) tests
keys, never values.
"""

from __future__ import annotations

from synclint.analysis.kinds import BOOL_TENSOR, HOST, TENSOR, Instance, Kind, Seq, Tup
from synclint.knowledge.schema import (
    Attribute,
    Call,
    Class,
    Follows,
    Library,
    Method,
    Registrar,
    Returns,
    Role,
)

TENSORDICT = "tensordict.TensorDictBase"
#: The same on the CPU (`td.cpu()`): its values are CPU tensors.
HOST_TENSORDICT = TENSORDICT + "@cpu"
TD: Kind = Instance(TENSORDICT)
ENV = "torchrl.envs.EnvBase"
COLLECTOR = "torchrl.collectors.DataCollectorBase"

#: The stages of a TorchRL `Trainer` whose ops run on every collected batch
#: (`Trainer.register_op(dest, op)`).
TRAINER_STAGES = frozenset({
    "batch_process", "pre_optim_steps", "process_optim_batch", "post_loss", "optimizer",
    "post_steps", "post_optim", "pre_steps_log", "post_steps_log", "post_optim_log"})

#: Methods that give a TensorDict of the receiver's device back.
SAME_TENSORDICT = (
    "clone detach select exclude update set set_ set_at_ apply named_apply unsqueeze squeeze "
    "reshape view flatten unflatten permute contiguous expand masked_fill masked_fill_ float "
    "double half bfloat16 int long bool rename_key_ empty zero_ copy_ unflatten_keys "
    "flatten_keys filter_non_tensor_data exclude_ del_ lock_ unlock_ clamp clamp_ "
    "to_tensordict transpose auto_batch_size_ refine_names replace"
).split()
#: Methods that give a sequence of TensorDicts.
SPLITTING = ("unbind", "split", "chunk", "split_keys")
#: Host metadata and key views.
HOST_METHODS = ("numel", "keys", "is_empty", "is_locked", "dim", "ndimension", "is_shared",
                "is_memmap", "size", "sorted_keys")
#: One-argument predicates that prove their argument an instance of a class where they
#: hold (`is_tensor_collection(v)` is `isinstance(v, TensorDictBase)` and tensorclasses):
#: predicate name -> the class.
INSTANCE_TESTS = {"is_tensor_collection": TENSORDICT}
HOST_ATTRIBUTES = ("batch_size", "shape", "device", "batch_dims", "ndim", "names",
                   "is_locked", "requires_grad")

LIBRARY = Library(
    name="tensordict",
    roots=("tensordict", "torchrl"),
    classes=(
        Class(TENSORDICT, item=TENSOR, nested_keys=frozenset({"next", "collector"})),
        Class(HOST_TENSORDICT),
        Class("tensordict.TensorDict", bases=(TENSORDICT,)),
        Class("tensordict.LazyStackedTensorDict", bases=(TENSORDICT,)),
        Class("tensordict.TensorDictParams", bases=(TENSORDICT,)),
        Class("tensordict.nn.TensorDictModuleBase", module=True, called=TD),
        Class("tensordict.nn.TensorDictModule", bases=("tensordict.nn.TensorDictModuleBase",),
              module=True, called=TD),
        Class("tensordict.nn.TensorDictSequential",
              bases=("tensordict.nn.TensorDictModuleBase",), module=True, called=TD),
        Class("tensordict.nn.ProbabilisticTensorDictSequential",
              bases=("tensordict.nn.TensorDictModuleBase",), module=True, called=TD),
        Class(ENV, module=True, hints=frozenset({"env", "environment", "train_env",
                                                   "eval_env", "test_env"})),
        Class("torchrl.envs.GymEnv", bases=(ENV,), module=True),
        Class("torchrl.envs.TransformedEnv", bases=(ENV,), module=True),
        Class("torchrl.envs.ParallelEnv", bases=(ENV,), module=True),
        Class("torchrl.envs.SerialEnv", bases=(ENV,), module=True),
        Class(COLLECTOR, element=TD),
        Class("torchrl.collectors.SyncDataCollector", bases=(COLLECTOR,), element=TD),
        Class("torchrl.collectors.MultiSyncDataCollector", bases=(COLLECTOR,), element=TD),
        Class("torchrl.collectors.MultiaSyncDataCollector", bases=(COLLECTOR,), element=TD),
        Class("torchrl.objectives.LossModule", module=True, called=TD),
        Class("torchrl.modules.SafeModule", module=True, called=TD),
        Class("torchrl.modules.ProbabilisticActor", module=True, called=TD),
        Class("torchrl.modules.ValueOperator", module=True, called=TD),
    ),
    calls=(
        # A TensorDict made from device tensors (or given a device): its values may live
        # on an accelerator; the inference reads `device=` (`knowledge.call_kind`).
        Call("tensordict.TensorDict", Returns(TD), from_values=True),
        Call("tensordict.TensorDict.from_dict", Returns(TD), from_values=True),
        Call("tensordict.LazyStackedTensorDict", Returns(TD)),
        Call("tensordict.stack", Returns(TD)),
        Call("tensordict.cat", Returns(TD)),
        Call("tensordict.pad", Returns(TD)),
        Call("tensordict.TensorDict.stack", Returns(TD)),
    ),
    methods=(
        *(Method(TENSORDICT, name, Returns(follows=Follows.RECEIVER))
          for name in SAME_TENSORDICT),
        *(Method(TENSORDICT, name, Returns(Seq(TD))) for name in SPLITTING),
        *(Method(TENSORDICT, name, Returns(HOST)) for name in HOST_METHODS),
        Method(TENSORDICT, "values", Returns(Seq(TENSOR))),
        Method(TENSORDICT, "items", Returns(Seq(Tup((HOST, TENSOR))))),
        # A reduction over every value, read as one Python bool (a sync, like a test).
        Method(TENSORDICT, "any", Returns(BOOL_TENSOR)),
        Method(TENSORDICT, "all", Returns(BOOL_TENSOR)),
        Method(TENSORDICT, "to", Returns(TD)),
        Method(TENSORDICT, "cuda", Returns(TD)),
        Method(TENSORDICT, "cpu", Returns(Instance(HOST_TENSORDICT))),
        Method(ENV, "reset", Returns(TD)),
        Method(ENV, "step", Returns(TD)),
        Method(ENV, "rand_step", Returns(TD)),
        Method(ENV, "rollout", Returns(TD)),
        Method(ENV, "step_and_maybe_reset", Returns(Tup((TD, TD)))),
    ),
    attributes=tuple(Attribute(TENSORDICT, name, HOST) for name in HOST_ATTRIBUTES),
    roles=(
        Role(ENV, "_step", "`_step` runs once per environment step", params=(TD,)),
    ),
    registrars=(
        # `trainer.register_op("pre_steps_log", op)`: a TorchRL `Trainer` runs the ops of
        # each stage on every collected batch (a hook object registers itself: `self`).
        Registrar("register_op", 1, "every collected batch", event_position=0,
                  events=TRAINER_STAGES,
                  reason="`{name}` runs on every collected batch"),
    ),
)
