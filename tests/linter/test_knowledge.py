"""The knowledge base of the ecosystem (synclint/knowledge/): typed, read-only tables, one
per library, that work with none of the libraries installed, and the questions the model
asks them."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from synclint import knowledge
from synclint.analysis.kinds import (
    BOOL_TENSOR,
    HOST,
    HOST_TENSOR,
    MODULE,
    TENSOR,
    UNKNOWN,
    Instance,
    Mapping,
    Seq,
    Tup,
)
from synclint.knowledge import lookup
from synclint.knowledge.schema import Library
from tests.model.probe import findings

TD = Instance("tensordict.TensorDictBase")
NAMES = ("torch", "torch.distributed", "tensordict", "transformers", "accelerate",
         "lightning", "torchmetrics", "ignite", "deepspeed", "stable_baselines3",
         "tianshou", "d3rlpy", "pyro", "kornia", "torch.utils.data", "monai",
         "torch_geometric", "mmdet", "mmengine", "fastai", "avalanche", "pykeen", "gpytorch",
         "botorch", "schnetpack", "skrl", "torch_sim", "catalyst", "fairseq", "allennlp",
         "ema_pytorch")


def test_there_is_one_table_per_library() -> None:
    assert tuple(library.name for library in knowledge.LIBRARIES) == NAMES
    assert all(isinstance(library, Library) for library in knowledge.LIBRARIES)


def test_entries_are_frozen() -> None:
    role = knowledge.step_role("compute_loss", ["transformers.Trainer"])
    assert role is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        role.reason = "x"  # type: ignore[misc]


def test_every_name_lives_under_its_library_and_every_owner_is_declared() -> None:
    declared = {cls.name for library in knowledge.LIBRARIES for cls in library.classes}
    for library in knowledge.LIBRARIES:
        roots = set(library.roots)
        for call in library.calls:
            assert call.name.split(".")[0] in roots, call.name
        owners = [m.owner for m in library.methods] + [a.owner for a in library.attributes] \
            + [r.owner for r in library.roles] + [o.owner for o in library.once] \
            + [s.owner for s in library.state_registrars] \
            + [h.owner for h in library.host_roles]
        for owner in owners:
            assert owner in declared, (library.name, owner)
        for cls in library.classes:
            for base in cls.bases:
                assert base in declared, (cls.name, base)


def test_the_tables_import_neither_torch_nor_the_libraries_nor_libcst() -> None:
    code = ("import sys; import synclint.knowledge; import synclint.analysis.library; "
            "bad = [m for m in ('torch', 'transformers', 'accelerate', 'lightning', "
            "'tensordict', 'torchmetrics', 'ignite', 'deepspeed', 'libcst') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("qualified", "expected"), [
    ("transformers.Trainer", "transformers.Trainer"),
    ("transformers.trainer.Trainer", "transformers.Trainer"),
    ("trl.SFTTrainer", "trl.SFTTrainer"),
    ("transformers.LlamaForCausalLM", "transformers.PreTrainedModel"),
    ("transformers.models.bert.modeling_bert.BertModel", "transformers.PreTrainedModel"),
    ("transformers.modeling_outputs.CausalLMOutputWithPast", "transformers.ModelOutput"),
    ("pytorch_lightning.LightningModule", "lightning.LightningModule"),
    ("lightning.pytorch.callbacks.Callback", "lightning.Callback"),
    ("LightningModule", "lightning.LightningModule"),
    ("torch.nn.Linear", "torch.nn.Module"),
    ("torch.optim.AdamW", "torch.optim.Optimizer"),
    ("tensordict.TensorDict", "tensordict.TensorDict"),
    ("accelerate.accelerator.Accelerator", "accelerate.Accelerator"),
])
def test_a_class_is_found_by_its_package_and_its_name(qualified: str, expected: str) -> None:
    assert knowledge.class_of(qualified) == expected


@pytest.mark.parametrize("qualified", [
    "transformers.DataCollatorForLanguageModeling", "transformers.TFBertModel",
    "transformers.AutoTokenizer", "mylib.Trainer", "Trainer", "torch.nn.functional.relu",
])
def test_names_the_tables_do_not_declare_are_unknown(qualified: str) -> None:
    assert knowledge.class_of(qualified) is None


def test_roles_come_through_library_bases_and_say_why() -> None:
    role = knowledge.step_role("compute_loss", ["trl.SFTTrainer"])
    assert role is not None and role.reason == "`compute_loss` runs once per training step"
    assert role.params == (MODULE, Mapping(HOST, TENSOR))
    assert knowledge.step_role("forward", ["transformers.PreTrainedModel"]) is not None
    assert knowledge.step_role("update", ["torchmetrics.Metric"]) is not None
    assert knowledge.step_role("training_step", ["pytorch_lightning.LightningModule"]) is not None
    assert knowledge.step_role("_step", ["torchrl.envs.EnvBase"]) is not None
    # Not per step: evaluation loops, a plain class, a method no table names.
    assert knowledge.step_role("evaluate", ["transformers.Trainer"]) is None
    assert knowledge.step_role("compute_loss", ["mylib.Trainer"]) is None
    assert knowledge.step_role("compute", ["ignite.metrics.Metric"]) is None
    once = knowledge.once_role("create_optimizer", ["transformers.Trainer"])
    assert once is not None and "once" in once.reason


def test_calls_methods_and_attributes_say_what_they_return() -> None:
    accelerator = knowledge.call_kind("accelerate.Accelerator", [])
    assert accelerator == Instance("accelerate.Accelerator")
    owner = "accelerate.Accelerator"
    # A gather keeps its argument's kind, so a CPU tensor stays one.
    assert knowledge.method_kind(owner, "gather", accelerator, [TENSOR]) is TENSOR
    assert knowledge.method_kind(owner, "gather", accelerator, [HOST_TENSOR]) is HOST_TENSOR
    assert knowledge.method_kind(owner, "prepare", accelerator, [MODULE, UNKNOWN]) == \
        Tup((MODULE, UNKNOWN))
    assert knowledge.attribute_kind(owner, "is_main_process") is HOST
    assert knowledge.attribute_kind("transformers.Trainer", "accelerator") == accelerator
    assert knowledge.call_kind("deepspeed.initialize", [])  == Tup(
        (Instance("deepspeed.DeepSpeedEngine"), UNKNOWN, UNKNOWN, UNKNOWN))
    assert knowledge.call_kind("transformers.AutoModelForCausalLM.from_pretrained", []) is MODULE
    assert knowledge.call_kind("torchrl.collectors.SyncDataCollector", []) == Seq(TD)
    assert knowledge.call_kind("torch.distributed.get_rank", []) is HOST
    assert "pickles" in knowledge.call_syncs("torch.distributed.all_gather_object")
    assert knowledge.call_kind("mylib.gather", [TENSOR]) is None


def test_a_tensordict_keeps_its_device_and_its_nested_keys() -> None:
    owner = "tensordict.TensorDictBase"
    assert knowledge.item_kind(owner, ("next", "done"), UNKNOWN) is TENSOR
    assert knowledge.item_kind(owner, "done", UNKNOWN) is TENSOR
    assert knowledge.item_kind(owner, "next", UNKNOWN) == TD
    assert knowledge.item_kind(owner, 0, HOST) == TD  # along the batch dimension
    assert knowledge.method_kind(owner, "any", TD, []) is BOOL_TENSOR
    host = knowledge.method_kind(owner, "cpu", TD, [])
    assert host == Instance("tensordict.TensorDictBase@cpu")
    assert knowledge.item_kind(host.cls, "done", UNKNOWN) is HOST_TENSOR  # type: ignore[union-attr]
    assert knowledge.method_kind(owner, "clone", TD, []) == TD
    assert knowledge.attribute_kind(owner, "batch_size") is HOST
    # Built from device tensors it holds device tensors; from CPU ones, CPU tensors.
    built = knowledge.call_kind("tensordict.TensorDict", [Mapping(HOST, TENSOR)])
    assert built == TD
    assert knowledge.call_kind("tensordict.TensorDict", [Mapping(HOST, HOST_TENSOR)]) == \
        Instance("tensordict.TensorDictBase@cpu")
    assert knowledge.call_kind("tensordict.TensorDict", [UNKNOWN], "cpu") == \
        Instance("tensordict.TensorDictBase@cpu")
    assert knowledge.call_kind("tensordict.TensorDict", [UNKNOWN]) is None


def test_model_outputs_processors_and_names() -> None:
    assert knowledge.output_field("loss") is TENSOR
    assert knowledge.output_field("hidden_states") == Seq(TENSOR)
    assert knowledge.output_field("batch_size") is None
    assert knowledge.returned_tensors("pt") == Mapping(HOST, HOST_TENSOR)
    assert knowledge.returned_tensors("transformers.utils.TensorType.PYTORCH") == \
        Mapping(HOST, HOST_TENSOR)
    assert knowledge.returned_tensors("tf") is None
    # A receiver's name says what it is only where the file imports the library.
    assert knowledge.hinted_owner("accelerator", {"accelerate"}) == "accelerate.Accelerator"
    assert knowledge.hinted_owner("accelerator", {"transformers"}) == "accelerate.Accelerator"
    assert knowledge.hinted_owner("accelerator", {"numpy"}) is None
    assert knowledge.annotation_kind("transformers.PreTrainedModel") is MODULE
    assert knowledge.annotation_kind("tensordict.TensorDictBase") == TD


def test_registrations_and_events() -> None:
    engine = knowledge.registrar("Engine", "ignite.engine.Engine")
    assert engine is not None and engine.position == 0
    assert knowledge.registrar("Engine", "mylib.Engine") is None
    assert knowledge.registrar("register_forward_hook", None) is not None
    assert knowledge.per_step_event("ITERATION_COMPLETED", called=False)
    assert not knowledge.per_step_event("ITERATION_COMPLETED", called=True)  # (every=N)
    assert not knowledge.per_step_event("EPOCH_COMPLETED", called=False)


def test_host_variants_and_to_host() -> None:
    assert knowledge.to_host(Seq(Tup((TENSOR, HOST)))) == Seq(Tup((HOST_TENSOR, HOST)))
    assert knowledge.to_host(UNKNOWN) is UNKNOWN
    assert lookup.HOST_SUFFIX == "@cpu"


@pytest.mark.parametrize(("base", "module"), [
    ("torch.nn.modules.loss._Loss", True),        # MONAI's losses derive from it
    ("torch.nn.modules.loss._WeightedLoss", True),
    ("torch.nn.modules.conv._ConvNd", True),
    ("torch.nn.Linear", True),
    ("losslib.base._Loss", False),                # another package's private base
    ("torch.nn.functional._pad", False),          # a function, not a class
    ("torch.optim.lr_scheduler._LRScheduler", False),
])
def test_private_torch_nn_bases_are_modules(base: str, module: bool) -> None:
    assert knowledge.is_module([base]) is module


def test_a_dataset_builds_its_samples_on_the_host() -> None:
    torch_item = knowledge.host_role("__getitem__", ["torch.utils.data.Dataset"])
    assert torch_item is not None and "DataLoader worker" in torch_item.reason
    assert knowledge.host_role("__getitem__", ["monai.data.CacheDataset"]) is not None
    assert knowledge.host_role("__iter__", ["torch.utils.data.IterableDataset"]) is not None
    assert knowledge.host_role("__iter__", ["monai.data.CSVIterableDataset"]) is not None
    # Look-alikes: a map-style dataset's `__iter__` is not what a loader runs; a module's
    # `__getitem__` indexes its layers (per step, on the device).
    assert knowledge.host_role("__iter__", ["torch.utils.data.Dataset"]) is None
    assert knowledge.host_role("__getitem__", ["torch.nn.Module"]) is None


def test_a_dataloader_yields_host_batches_unless_it_collates_or_is_prepared() -> None:
    loader = knowledge.call_kind("torch.utils.data.DataLoader", [UNKNOWN])
    assert loader == Instance("torch.utils.data.DataLoader")
    assert knowledge.call_kind("torch.utils.data.DataLoader", [UNKNOWN],
                               keywords=["batch_size", "collate_fn"]) is UNKNOWN
    assert knowledge.is_loader(["monai.data.DataLoader"])
    assert not knowledge.is_loader(["torch.utils.data.Dataset"])
    prepared = knowledge.method_kind("accelerate.Accelerator", "prepare", UNKNOWN, [loader])
    assert prepared == Seq(UNKNOWN)
    # Device tensors given to `prepare` keep their kind (only host values may move).
    assert knowledge.method_kind("accelerate.Accelerator", "prepare", UNKNOWN,
                                 [MODULE, TENSOR]) == Tup((MODULE, TENSOR))


def test_packed_sequence_batch_sizes_are_on_the_host_and_its_data_is_not() -> None:
    packed = knowledge.annotation_kind("torch.nn.utils.rnn.PackedSequence")
    assert packed == Instance("torch.nn.utils.rnn.PackedSequence")
    assert knowledge.attribute_kind(packed.cls, "batch_sizes") is HOST_TENSOR
    assert knowledge.attribute_kind(packed.cls, "data") is TENSOR
    # Other torch classes stay the inference's: no instance for a tensor annotation.
    assert knowledge.annotation_kind("torch.Tensor") is None


@pytest.mark.parametrize(("qualified", "owner"), [
    ("torch.distributions.Normal", "torch.distributions.Distribution"),
    ("torch.distributions.normal.Normal", "torch.distributions.Distribution"),
    ("torch.distributions.transforms.ExpTransform", None),
    ("torch.distributions.constraints.Constraint", None),
    ("torch.distributions.kl.KLDivergence", None),
    ("pyro.distributions.Normal", "pyro.TorchDistribution"),
    ("pyro.distributions.torch.Bernoulli", "pyro.TorchDistribution"),
    ("pyro.distributions.TorchDistribution", "pyro.TorchDistribution"),
    ("pyro.distributions.transforms.AffineTransform", None),
    ("pyro.distributions.enable_validation", None),
    ("pyro.infer.Trace_ELBO", "pyro.Trace_ELBO"),
    ("pyro.infer.mcmc.NUTS", "pyro.NUTS"),
    ("pyro.infer.SVI", None),
    ("kornia.augmentation.IntensityAugmentationBase2D", "kornia.IntensityAugmentationBase2D"),
    ("kornia.feature.LoFTR", None),
])
def test_distributions_elbos_kernels_and_augmentations_by_name(qualified: str,
                                                              owner: str | None) -> None:
    assert knowledge.class_of(qualified) == owner


@pytest.mark.parametrize(("method", "bases", "found"), [
    ("log_prob", ("pyro.distributions.Normal",), True),
    ("rsample", ("torch.distributions.Normal",), True),
    ("sample", ("pyro.infer.mcmc.HMC",), True),
    ("loss_and_grads", ("pyro.infer.RenyiELBO",), True),
    ("apply_transform", ("kornia.augmentation.AugmentationBase3D",), True),
    ("__call__", ("torch.nn.Module",), True),
    ("inverse_transform", ("kornia.augmentation.AugmentationBase2D",), False),
    ("sample", ("pyro.infer.SVI",), False),
    ("sample", ("torch.distributions.transforms.ExpTransform",), False),
    ("setup", ("pyro.infer.mcmc.NUTS",), False),
    ("__call__", ("kornia.contrib.DepthEstimation",), False),
])
def test_per_step_roles_of_pyro_kornia_and_modules(method: str, bases: tuple[str, ...],
                                                   found: bool) -> None:
    assert (knowledge.step_role(method, bases) is not None) is found


def test_torch_sim_model_interface_is_a_module() -> None:
    # fresh10 M6: TorchSim calls `model(state)` per MD step; its `SimState` is no module.
    assert knowledge.is_module(["torch_sim.models.interface.ModelInterface"]) is True
    assert knowledge.is_module(["torch_sim.state.SimState"]) is False
    source = ("import torch\nfrom torch_sim.models.interface import ModelInterface\n\n\n"
              "class Calc(ModelInterface):\n    def forward(self, state):\n"
              "        if not torch.equal(state.numbers, torch.zeros(1, device=\"cuda\")):\n"
              "            return None\n        return state\n")
    assert [(d.code, d.location.row) for d in findings(source)] == [("SYN101", 7)]
    other = source.replace("torch_sim.models.interface import ModelInterface",
                           "torch_sim.state import SimState as ModelInterface")
    assert findings(other) == []


@pytest.mark.parametrize(("base", "module"), [
    ("mmengine.model.BaseModule", True),
    ("mmengine.model.base_module.BaseModule", True),
    ("mmengine.model.BaseModel", True),
    ("mmcv.runner.BaseModule", True),            # mmcv 1.x, before mmengine
    ("mmengine.evaluator.BaseMetric", False),
    ("mmengine.registry.Registry", False),
])
def test_openmmlab_base_modules_are_modules(base: str, module: bool) -> None:
    """fresh16 M3: mmocr's heads derive from mmengine's `BaseModule`, an `nn.Module`;
    their `forward` runs on every call."""
    assert knowledge.is_module([base]) is module
    source = (f"import torch\nfrom {base.rpartition('.')[0]} import {base.rpartition('.')[2]}"
              "\n\n\nclass Head(" + base.rpartition(".")[2] + "):\n"
              "    def forward(self, x: torch.Tensor):\n        return x.cpu().tolist()\n")
    assert [d.code for d in findings(source)] == (["SYN101"] if module else [])
