"""Code that is cold by its role: it runs once per object, per save or load, per print or
in a test, never once per training or denoising step.

A sync there costs one wait per setup, not one per step, and often the host copy is the
point of the code (offloading weights to the CPU, writing a checkpoint, exporting a mesh,
converting a state dict). The sync rules stay silent in such functions, loops included:
a loop over the parameters of `cpu_offload` or `save_pretrained` is paid once per call,
and its copies are what the call is for.

A function is cold when:

- its name says so: `__init__`, `__repr__`, `extra_repr`, `setup`, `set_timesteps`,
  `from_pretrained`, a name that starts with `save`, `load`, `export`, `convert`, `init`,
  `setup` (`_setup_train`; not an autograd Function's `setup_context`), `print`,
  `visualize`..., that names `state_dict` or `save`, or that ends in `offload`
  (`cpu_offload`) or `_init` (`pissa_init`); adapter merging (`merge`, `unmerge`,
  `merge_and_unload`, `fuse_lora`); a conversion method of a container (`cpu`,
  `numpy`, `to_numpy`, `tolist`: the host copies are its result);
- it is the getter of a `functools.cached_property` (or a look-alike: `model/properties.py`)
  of an `nn.Module` or a class holding one, which runs once per long-lived object
  (`model/callers.py` decides, from the index);
- it is a setup method of a library class it derives from (`Trainer.create_optimizer`,
  the knowledge base's once-per-run roles);
- it is a method of a logger backend (a class named `...Logger`, or deriving from one):
  the framework calls it at its logging interval, with values it already turned into
  Python numbers (Lightning's `LoggerConnector` converts tensors before
  `Logger.log_metrics`);
- it is a per-call helper of an inference pipeline (a class named `...Pipeline`, or
  deriving from one, or a function of a `pipeline_*` module): `encode_prompt`,
  `_get_t5_prompt_embeds`, `check_inputs`, `prepare_latents`, `preprocess`, `postprocess`,
  `decode_latents` run once per pipeline call, outside the denoising loop; so do the
  blocks of a modular pipeline's `encoders`, `before_denoise` and `decoders` modules;
- its module is test code (`tests/`, `unittests/`, `test_*.py`, `testing_utils.py`, or a
  module that imports `pytest` or `unittest` at its top: a test suite or its helpers
  shipped inside a package), a conversion script (`convert_*.py`, `*conversion*`), or
  another framework's code (a module that imports MXNet, TensorFlow, JAX or Paddle and
  not torch: d2l ships `mxnet.py` beside `torch.py`);
- every project function that calls it is cold (for a public function, a module function
  some caller other than test code calls: `orthonormalize(basis)` only in `__init__`;
  not a public method, which users may call at any time), or, for a private
  helper (`_name`), calls it only under periodic guards (`model/call_sites.py`): a
  helper that only `__init__` or `set_timesteps` calls runs when they do.

Per-step code always wins: a `forward`, a Lightning step hook or a function registered as
a hook is never cold, whatever its name (`_save_activation` registered with
`register_forward_hook` runs on every forward). A call to a cold function from a loop or
from per-step code is still reported at the call: calling `save_stats(model)` on every
iteration syncs on every iteration.

Pure string logic: imported by the `ast` index and the LibCST walker alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from synclint.knowledge import once_role
from synclint.knowledge.lightning import SETUP_HOOKS

#: Methods that run once per object or per print.
_OBJECT_METHODS = frozenset({
    "__init__", "__post_init__", "__new__", "__init_subclass__", "__setstate__",
    "__getstate__", "__reduce__", "__reduce_ex__", "__repr__", "__str__", "__format__",
    "__del__", "extra_repr",
})
#: Framework entry points that run once per fit, pipeline call or load (Lightning's
#: setup hooks come from the knowledge base's Lightning table, whatever the class: a
#: `setup` runs once).
_SETUP_NAMES = frozenset({
    *SETUP_HOOKS, "set_timesteps", "set_begin_index", "from_pretrained",
    "from_single_file", "from_config", "to_yaml",
})
#: First word of a name that saves, loads, converts, exports or initialises.
_VERB = re.compile(
    r"^(save|load|export|convert|serialize|deserialize|restore|dump|init|initiali[sz]e"
    r"|setup|print|visuali[sz]e|plot)(_|$)"
)
#: Names the verbs above would take for cold that run every step: "load" in
#: `load_balancing_loss` (expert load, computed every forward), and an autograd
#: Function's `setup_context`, which runs on every forward.
_NOT_COLD = re.compile(r"^load_balanc|^setup_context$")
#: Words anywhere in a name that mean a save or a state-dict conversion, and names that end
#: in `offload` (`cpu_offload`, `enable_model_cpu_offload`: they set offloading up once).
#: A name that starts with `offload` may move activations every step
#: (`offload_hidden_states`): not cold by name.
_WORDS = re.compile(r"(^|_)(save|checkpoints|state_dict)(_|$)|(^|_)offload$")
#: Adapter surgery that runs once per merge or initialisation, not per step: PEFT's
#: `merge`/`unmerge` (their `safe_merge` NaN checks), diffusers' `fuse_lora`, and the
#: `*_init` initialisers of adapter weights (`pissa_init`, `corda_init`, `loftq_init`).
_MERGE = re.compile(
    r"^(un)?(merge|merge_adapter|merge_and_unload|merge_lora|merge_safe|merge_unsafe)$"
    r"|^(un)?fuse_lora$|^unload_and_optionally_merge$"
)
_INITIALISER = re.compile(r"^\w+_init$")
#: Methods that convert a container to host data: the copies are the result.
_CONVERSIONS = frozenset({"cpu", "numpy", "to_numpy", "to_cpu", "tolist", "to_list"})
#: Per-call helpers of inference pipelines (diffusers): once per call, not per step.
_PIPELINE_ONCE = re.compile(
    r"^(encode_prompt|encode_image|encode_video|encode_text|check_inputs|decode_latents"
    r"|(prepare|preprocess|postprocess)(_\w*)?|get(_\w+)?_embeds)$"
)
#: Modules of a diffusers modular pipeline whose blocks run once per call, before or
#: after the denoising loop (`denoise.py` holds the loop and stays hot).
_MODULAR_ONCE = frozenset({"encoders", "before_encoder", "before_denoise", "after_denoise",
                           "decoders"})
#: Why every function of a test module is cold (`module_role`).
TEST_CODE = "test code"
#: Module name parts of test code.
_TEST_PARTS = frozenset({"tests", "test", "unittests", "unit_tests", "testing",
                         "test_utils", "testing_utils", "conftest"})
#: Top-level packages whose import at a module's top makes it test code.
_TEST_FRAMEWORKS = frozenset({"pytest"})
#: Modules whose import at a module's top makes it test code: `unittest` itself (its
#: `TestCase`), not `unittest.mock`, which library code imports to patch.
_TEST_MODULES = frozenset({"unittest"})
#: Other array frameworks: a module that imports one of them and not torch is their code.
_OTHER_FRAMEWORKS = frozenset({"mxnet", "tensorflow", "jax", "paddle"})
#: Why every function of another framework's module is cold (`module_role`).
OTHER_FRAMEWORK = "another framework's code (MXNet, TensorFlow, JAX, Paddle), not PyTorch"


#: Flags that switch on diagnostics: `verbose`, `self._verbose`, `args.debug`.
_DEBUG_FLAG = re.compile(r"^_*(verbose|verbosity|debug|debugging|debug_mode|is_debug)$")


def is_debug_flag(name: str) -> bool:
    """Whether a flag's name (`debug`, `self._verbose`'s `_verbose`) switches diagnostics on."""
    return bool(_DEBUG_FLAG.match(name))


#: Flags that, by their name, say "this iteration logs / evaluates / saves": the
#: `should_log` of Lightning and of most hand-written trainers.
_FLAG = re.compile(
    r"^_*(should|do|is|time_to|needs?_to|needs?)_?(log|logging|print|report|eval|evaluate|"
    r"validate|validation|save|checkpoint|display|sample|visuali[sz]e|dump|track|update_logs)"
    r"(_|$)"
    r"|^_*(log|print|report|eval)_(now|step|this_step|iteration)$"
)


#: Names the flag pattern matches that are not periodic: `do_sample` chooses sampling
#: over greedy decoding on every step of `generate`.
_NOT_PERIODIC = frozenset({"do_sample"})


def is_periodic_flag(name: str) -> bool:
    """Whether a flag's name (`should_log`, `self._do_eval`'s `_do_eval`) says "this
    iteration logs, evaluates or saves": true once every so many steps."""
    return bool(_FLAG.match(name)) and name.lstrip("_") not in _NOT_PERIODIC


#: Step counters (the last name of `self.global_step`, `state.timestamp.batch.value`'s
#: `batch`, SB3's `_n_updates`): `if <counter> % n != 0: return` skips all steps but one
#: in n. Not sizes (`if in_channels % 4 != 0: raise`, `if t % self.period != 0: pad`).
_STEP_COUNTER = re.compile(
    r"^_*(step|steps|global_step|iteration|iterations|iter|n_iter|num_updates|n_updates|"
    r"num_steps|n_steps|current_step|step_count|batch|batches|batch_idx|batch_nb|"
    r"num_timesteps|n_calls|num_calls|updates|counter)$"
    r"|_(step|steps|iter|iteration|updates|calls|counter|batch)$")


def is_step_counter(name: str) -> bool:
    """Whether a name (`global_step`, `self._n_updates`'s `_n_updates`) counts steps."""
    return bool(_STEP_COUNTER.search(name))


def step_counter(dotted: str | None) -> bool:
    """Whether a dotted name reads a step counter: its last part, or the one before a
    trailing `value` (`state.timestamp.batch.value`)."""
    if dotted is None:
        return False
    parts = dotted.split(".")
    if len(parts) > 1 and parts[-1] == "value":
        parts.pop()
    return is_step_counter(parts[-1])


def function_role(name: str) -> str | None:
    """Why a function of this name is cold, or None."""
    if name in _OBJECT_METHODS:
        return f"`{name}` runs once per object" if name not in (
            "__repr__", "__str__", "__format__", "extra_repr") else f"`{name}` runs when printed"
    if name in _SETUP_NAMES:
        return f"`{name}` runs once, before the steps"
    bare = name.lstrip("_")
    if _NOT_COLD.match(bare):
        return None
    if _VERB.match(bare) or _WORDS.search(bare):
        return f"`{name}` is setup, save, load or export code, not a step"
    if _MERGE.match(bare):
        return f"`{name}` folds adapter weights in or out once, not per step"
    if _INITIALISER.match(bare):
        return f"`{name}` initialises once, not per step"
    if bare in _CONVERSIONS:
        return f"`{name}` converts to host data: the copies are its result"
    return None


def logger_class(class_name: str, base_names: Iterable[str]) -> bool:
    """Whether a class is a logger backend: named `...Logger` or deriving from one."""
    names = [class_name, *(b.rsplit(".", 1)[-1] for b in base_names)]
    return any(n.endswith("Logger") or n == "LightningLoggerBase" for n in names)


def pipeline_class(class_name: str, base_names: Iterable[str]) -> bool:
    """Whether a class is an inference pipeline (diffusers `DiffusionPipeline` and kin)."""
    names = [class_name, *(b.rsplit(".", 1)[-1] for b in base_names)]
    return any(n.endswith(("Pipeline", "PipelineMixin")) for n in names)


def pipeline_step_role(name: str) -> str | None:
    """Why a pipeline method (or a function of a `pipeline_*` module) of this name is
    cold: prompt encoding, input checks, latent preparation and post-processing run once
    per pipeline call, outside the denoising loop."""
    if _PIPELINE_ONCE.match(name.lstrip("_")):
        return f"`{name}` runs once per pipeline call, outside the denoising loop"
    return None


def class_role(method: str, class_name: str, base_names: Iterable[str]) -> str | None:
    """Why a method is cold by the role of its class (a library's once-per-run method such
    as `Trainer.create_optimizer`, a logger backend, a pipeline's per-call helper), or
    None. `base_names` may list every class of the MRO (library bases qualified)."""
    bases = list(base_names)
    once = once_role(method, bases)
    if once is not None:
        return once.reason  # `Trainer.create_optimizer`: once per training run
    if logger_class(class_name, bases):
        return "a logger backend runs at the framework's logging interval"
    if pipeline_class(class_name, bases):
        return pipeline_step_role(method)
    return None


def module_function_role(name: str, module: str) -> str | None:
    """Why a module-level function is cold by the role of its module, or None."""
    if module.rsplit(".", 1)[-1].startswith("pipeline_"):
        return pipeline_step_role(name)
    return None


def module_name(module: str, filename: str) -> str:
    """A file's dotted module name (`module`, as the index names it); for a file checked
    on its own (`__main__`), its stem, never the folders above it: a project may live
    under a folder called `tests`."""
    if module != "__main__":
        return module
    stem = filename.replace("\\", "/").rsplit("/", 1)[-1]
    return stem[:-3] if stem.endswith(".py") else stem


def module_role(module: str, imported: Iterable[str] = ()) -> str | None:
    """Why every function of a module (its dotted name, or a file stem) is cold, or None.
    `imported`: the modules its top-level statements import, dotted (`import pytest` or
    `import unittest` makes it test code: a suite shipped in a package,
    `nequip/utils/unittests/`, captum's `testing/helpers`; `import mxnet` without
    `import torch`, another framework's code: d2l's `mxnet.py` beside its `torch.py`)."""
    parts = [p for p in module.replace("/", ".").split(".") if p]
    names = set(imported)
    roots = {name.split(".")[0] for name in names}
    if roots & _TEST_FRAMEWORKS or names & _TEST_MODULES:
        return TEST_CODE
    if roots & _OTHER_FRAMEWORKS and "torch" not in roots:
        return OTHER_FRAMEWORK
    if not parts:
        return None
    for part in parts:
        if part in _TEST_PARTS:
            return TEST_CODE
    last = parts[-1]
    if last.startswith("test_") or last.endswith("_test"):
        return TEST_CODE
    if "modular_pipelines" in parts[:-1] and last in _MODULAR_ONCE:
        return "a modular pipeline's encoder and preparation blocks run once per call"
    if last.startswith("convert_") or "conversion" in last:
        return "a conversion script"
    return None
