"""Code that is cold by its role: setup, save, load, export, logger backends, tests.

The sync rules stay silent in such functions, loops included; per-step code is never
cold whatever its name; a call to cold code from a loop is still reported at the call.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from synclint.analysis.roles import function_role, logger_class, module_role
from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source, lint_sources
from synclint.rules import DEFAULT_CODES


def codes(source: str, filename: str = "example.py") -> list[tuple[str, int]]:
    output = lint_source(textwrap.dedent(source), filename, DEFAULT_CODES)
    assert output.error is None
    return sorted((d.code, d.location.row) for d in output.diagnostics)


def project(root: Path, files: dict[str, str]) -> list[Diagnostic]:
    """Lint files written under `root` together (modules are named from the layout)."""
    sources = {}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        sources[str(path)] = path.read_text()
    outputs = lint_sources(sources, DEFAULT_CODES)
    return [d for output in outputs.values() for d in output.diagnostics]


@pytest.mark.parametrize("name", [
    "__init__", "__post_init__", "__repr__", "extra_repr", "setup", "set_timesteps",
    "from_pretrained", "save_pretrained", "_save_checkpoint", "_update_best_and_save",
    "load_state_dict", "_load_from_state_dict", "get_state_dict_offloaded_model",
    "fsdp2_load_full_state_dict", "export_to_ply", "_convert_to_karras", "cpu_offload",
    "enable_model_cpu_offload", "init_sigmas_for_each_stage", "_init_weights",
    "_print_results", "visualize_depth", "to_yaml", "_scan_and_log_checkpoints",
    "_setup_train", "setup_model", "_setup_optimizer",
])
def test_names_of_cold_code(name: str) -> None:
    assert function_role(name) is not None


@pytest.mark.parametrize("name", [
    "forward", "__call__", "step", "training_step", "test_step", "on_train_batch_end",
    "on_before_optimizer_step", "main", "train", "evaluate", "load_balancing_loss_func",
    "offload_hidden_states", "add_noise", "index_for_timestep", "log_metrics", "saved",
    "loader_step", "preprocess", "setup_context", "setups", "setupable",
])
def test_names_of_code_that_may_run_every_step(name: str) -> None:
    assert function_role(name) is None


@pytest.mark.parametrize("module", [
    "tests.test_model", "pkg.tests.helpers", "accelerate.test_utils.scripts.test_sync",
    "diffusers.utils.testing_utils", "conftest", "model_test",
    "transformers.models.llama.convert_llama_weights_to_hf",
    "diffusers.loaders.lora_conversion_utils", "diffusers.modular_pipelines.wan.encoders",
    "diffusers.modular_pipelines.wan.before_denoise", "nequip.utils.unittests.model_tests",
    "pkg.unit_tests.helpers",
])
def test_modules_of_cold_code(module: str) -> None:
    assert module_role(module) is not None


@pytest.mark.parametrize("module", ["pkg.train", "attest", "latest", "pkg.contest.model",
                                    "diffusers.pipelines.flux.pipeline_flux",
                                    "diffusers.modular_pipelines.wan.denoise",
                                    "transformers.models.bert.encoders", "encoders"])
def test_modules_of_ordinary_code(module: str) -> None:
    assert module_role(module) is None


def test_logger_backends() -> None:
    assert logger_class("TensorBoardLogger", ["Logger"])
    assert logger_class("Backend", ["lightning.pytorch.loggers.Logger"])
    assert not logger_class("MetricsTracker", [])
    assert not logger_class("Trainer", ["object"])


def test_setup_save_and_load_code_is_silent_loops_included() -> None:
    source = """\
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self, w: torch.Tensor):
                super().__init__()
                self.scales = [float(r.abs().max()) for r in w.cuda()]
                if w.isnan().any():
                    self.bad = w.nonzero()

            def save_stats(self, path: str):
                torch.save({n: p.norm().item() for n, p in self.named_parameters()}, path)

        def load_checkpoint(model: nn.Module, sd: dict[str, torch.Tensor]):
            for name, p in model.named_parameters():
                if (p != sd[name].cuda()).any():
                    print(name, p.sum().item())
    """
    assert codes(source) == []


def test_the_same_code_outside_cold_functions_is_reported() -> None:
    source = """\
        import torch
        from torch import nn

        def check(model: nn.Module, sd: dict[str, torch.Tensor]):
            for name, p in model.named_parameters():
                if (p != sd[name].cuda()).any():
                    print(name, p.sum().item())
    """
    assert ("SYN101", 7) in codes(source) and ("SYN102", 6) in codes(source)


def test_precision_findings_are_still_reported_in_cold_code() -> None:
    source = """\
        import torch

        def save_grad_norm(module: torch.nn.Module, path: str) -> None:
            grads = [p.grad for p in module.parameters() if p.grad is not None]
            total_sq = sum((g.float() * g.float()).sum() for g in grads)
            torch.save(total_sq.sqrt(), path)
    """
    assert [c for c, _ in codes(source)] == ["SYN301"]


def test_per_step_code_wins_over_a_cold_name() -> None:
    source = """\
        import torch
        from torch import nn

        class Stats(nn.Module):
            def __init__(self, net: nn.Module):
                super().__init__()
                self.net = net
                self.values: list[float] = []
                net.register_forward_hook(self._save_stats)

                def on_grad(grad: torch.Tensor) -> None:
                    self.values.append(grad.norm().item())

                self.net.weight.register_hook(on_grad)

            def _save_stats(self, module, inputs, output: torch.Tensor):
                self.values.append(output.mean().item())
    """
    assert codes(source) == [("SYN101", 12), ("SYN101", 17)]


def test_a_nested_function_of_cold_code_is_cold() -> None:
    source = """\
        import torch

        def load_weights(paths: list[str]):
            def read(path: str) -> list[float]:
                return [t.item() for t in torch.load(path, map_location="cuda")]
            return [read(p) for p in paths]
    """
    assert codes(source) == []


def test_a_call_to_cold_code_from_a_loop_is_reported_at_the_call() -> None:
    source = """\
        import torch

        def save_norms(model: torch.nn.Module, out: list) -> None:
            out.append({n: p.norm().item() for n, p in model.named_parameters()})

        def train(model: torch.nn.Module, loader, opt) -> list:
            history: list = []
            for x in loader:
                model(x).sum().backward()
                opt.step()
                save_norms(model, history)
            return history
    """
    assert codes(source) == [("SYN101", 11)]


def test_a_private_helper_only_cold_code_calls_is_cold() -> None:
    source = """\
        import torch

        class Scheduler:
            def __init__(self, n: int):
                self.sigmas = torch.linspace(1, 0, n, device="cuda")
                self._stages()

            def _stages(self):
                self.ends = [self.sigmas[i].item() for i in range(0, 100, 10)]
    """
    assert codes(source) == []


def test_a_private_helper_also_called_from_ordinary_code_is_not_cold() -> None:
    source = """\
        import torch

        class Scheduler:
            def __init__(self, n: int):
                self.sigmas = torch.linspace(1, 0, n, device="cuda")
                self._stages()

            def step(self):
                self._stages()

            def _stages(self):
                self.ends = [self.sigmas[i].item() for i in range(0, 100, 10)]
    """
    assert codes(source) == [("SYN101", 12)]


def test_a_public_helper_only_init_calls_may_have_other_callers() -> None:
    source = """\
        import torch

        class Scheduler:
            def __init__(self, n: int):
                self.sigmas = torch.linspace(1, 0, n, device="cuda")
                self.stages()

            def stages(self):
                self.ends = [self.sigmas[i].item() for i in range(0, 100, 10)]
    """
    assert codes(source) == [("SYN101", 9)]


LOGGER = """\
    from torch import Tensor

    class {name}({base}):
        def log_metrics(self, metrics: dict[str, float], step: int) -> None:
            for k, v in metrics.items():
                if isinstance(v, Tensor):
                    v = v.item()
                self.experiment.add_scalar(k, v, step)
"""


def test_a_logger_backend_is_cold_a_look_alike_is_not() -> None:
    assert codes(LOGGER.format(name="TensorBoardLogger", base="Logger")) == []
    assert codes(LOGGER.format(name="Tracker", base="Logger")) == []
    assert codes(LOGGER.format(name="Tracker", base="object")) == [("SYN101", 7)]


TEST_CODE = """\
    import torch

    def test_grads(model: torch.nn.Module):
        for p in model.parameters():
            assert p.grad.abs().sum().item() > 0
"""


def test_test_modules_are_cold() -> None:
    assert codes(TEST_CODE, "test_model.py") == []
    assert codes(TEST_CODE, "model.py") == [("SYN101", 5)]


def test_only_the_file_name_counts_when_a_file_is_checked_on_its_own() -> None:
    # A project may live under a folder called `tests`: the folders above do not count.
    assert codes(TEST_CODE, "/home/me/tests/project/model.py") == [("SYN101", 5)]


def test_a_module_that_imports_pytest_is_test_code() -> None:
    # fresh10 L1: a test suite shipped inside a package, whatever its folder is called.
    assert module_role("pkg.utils.model_checks", ["torch", "pytest"]) == "test code"
    assert module_role("pkg.utils.model_checks", ["torch", "pytest_lazyfixture.x"]) is None
    assert codes("import pytest\n" + textwrap.dedent(TEST_CODE), "model.py") == []
    # Look-alikes: an import inside a function, or a training module with a Lightning
    # `test_step` hook and a `test_*` helper, is not test code.
    lazy = textwrap.dedent(TEST_CODE) + "\n\ndef helper():\n    import pytest\n"
    assert codes(lazy, "model.py") == [("SYN101", 5)]


def test_a_module_that_imports_unittest_is_test_code() -> None:
    # fresh11 L1: captum's testing/helpers (no __init__.py above, so no `testing` in its
    # module name): assertion helpers that take a `unittest.TestCase`.
    assert module_role("helpers.basic", ["unittest", "torch"]) == "test code"
    assert codes("import unittest\n" + textwrap.dedent(TEST_CODE), "basic.py") == []
    assert codes("from unittest import TestCase\n" + textwrap.dedent(TEST_CODE),
                 "basic.py") == []
    # Look-alike: library code that imports only `unittest.mock`, to patch, is no test.
    assert module_role("pkg.visualize", ["unittest.mock", "torch"]) is None
    assert codes("from unittest.mock import patch\n" + textwrap.dedent(TEST_CODE),
                 "visualize.py") == [("SYN101", 6)]
    # ... nor one that imports it as `from unittest import mock` (torch's compile_fx.py).
    assert codes("from unittest import mock\n" + textwrap.dedent(TEST_CODE),
                 "visualize.py") == [("SYN101", 6)]


MXNET_CLIP = """\
    import math

    from mxnet import gluon

    def clip_gradients(net: gluon.Block, theta: float, params):
        for p in params:
            norm = math.sqrt((p.grad ** 2).sum())
            if norm > theta:
                p.grad[:] *= theta / norm
"""


def test_a_module_of_another_framework_is_not_pytorch_code() -> None:
    # fresh11 L9: d2l ships mxnet.py, tensorflow.py and jax.py beside torch.py.
    for framework in ("mxnet", "tensorflow", "jax.numpy", "paddle"):
        assert module_role("d2l.other", [framework, "math"]) is not None
    assert codes(MXNET_CLIP) == []
    # Look-alike: a module that imports torch too (a converter, a comparison) is PyTorch.
    assert module_role("d2l.compare", ["mxnet", "torch"]) is None
    assert codes("import torch\n" + textwrap.dedent(MXNET_CLIP)) == [
        ("SYN101", 8), ("SYN301", 8)]


def test_a_shipped_unittests_folder_is_test_code(tmp_path: Path) -> None:
    found = project(tmp_path, {"pkg/__init__.py": "", "pkg/utils/__init__.py": "",
                               "pkg/utils/unittests/__init__.py": "",
                               "pkg/utils/unittests/model_tests.py": TEST_CODE,
                               "pkg/utils/model.py": TEST_CODE})
    assert [(d.filename, d.location.row) for d in found] == [
        (str(tmp_path / "pkg" / "utils" / "model.py"), 5)]


def test_a_tests_package_is_cold_by_its_module_name(tmp_path: Path) -> None:
    found = project(tmp_path, {"pkg/__init__.py": "", "pkg/tests/__init__.py": "",
                               "pkg/tests/helpers.py": TEST_CODE, "pkg/model.py": TEST_CODE})
    assert [(d.filename, d.location.row) for d in found] == [
        (str(tmp_path / "pkg" / "model.py"), 5)]


SHAPES_AND_READS = """\
    import torch

    def {name}(mask: torch.Tensor, scale: torch.Tensor):
        kept = torch.where(mask.cuda() > 0)
        low, high = scale.min().item(), scale.max().item()
        return kept, low, high
"""


def test_rules_that_do_not_need_a_loop_are_silent_in_cold_code_too() -> None:
    assert [c for c, _ in codes(SHAPES_AND_READS.format(name="summarize"))] == [
        "SYN111", "SYN112"]
    assert codes(SHAPES_AND_READS.format(name="load_masks")) == []


def test_verbose_and_debug_guards_are_cold() -> None:
    source = """\
        import logging
        import torch

        logger = logging.getLogger(__name__)

        def prune(params: list[torch.Tensor], verbose: bool, args):
            if verbose:
                stats = [(p == 0).sum().item() for p in params]
            for p in params:
                if args.debug and p.numel() > 0:
                    print(p.abs().max().item())
                if logger.isEnabledFor(logging.DEBUG):
                    logger.debug("%s", p.norm().item())
                if args.verbosity > 1 or p.numel() == 0:
                    print(p.sum().item())
                p.mul_(p.abs() > 1e-3)
    """
    # `verbosity > 1 or ...` may hold without diagnostics on: still reported.
    assert codes(source) == [("SYN101", 15)]


def test_a_call_to_a_syncing_helper_under_a_periodic_or_verbose_guard_is_cold() -> None:
    source = """\
        import torch

        def grad_stats(model: torch.nn.Module) -> float:
            return sum(p.grad.norm() for p in model.parameters()).item()

        def train(model: torch.nn.Module, loader, opt, verbose: bool):
            for step, x in enumerate(loader):
                model(x).sum().backward()
                opt.step()
                if verbose:
                    print(grad_stats(model))
                if step % 100 == 0:
                    print(grad_stats(model))
                total = grad_stats(model)
    """
    assert codes(source) == [("SYN101", 14)]


def test_a_guard_on_the_loop_counter_runs_once() -> None:
    source = """\
        import torch

        def denoise(unet, latents: torch.Tensor, timesteps: torch.Tensor, n: int):
            first = []
            for i, t in enumerate(timesteps):
                latents = unet(latents, t)
                if i == len(timesteps) - 1:
                    first.append(latents.max().item())
                if n == i and latents.numel() > 0:
                    first.append(latents.min().item())
                if i == n or latents.numel() > 0:
                    first.append(latents.sum().item())
                if i != n:
                    first.append(latents.mean().item())
                j = i + 1
                if i == j:
                    first.append(latents.std().item())
            return first
    """
    assert codes(source) == [("SYN101", 12), ("SYN101", 14), ("SYN101", 17)]


PIPELINE = """\
    import torch

    class {name}({base}):
        def _get_t5_prompt_embeds(self, embeds: torch.Tensor, mask: torch.Tensor):
            lens = mask.cuda().sum(dim=1)
            return [u[:v] for u, v in zip(embeds, lens)]

        def __call__(self, latents: torch.Tensor, timesteps: torch.Tensor):
            for t in timesteps:
                latents = self.unet(latents, t)
                print(latents.max().item())
"""


def test_per_call_helpers_of_a_pipeline_are_cold_its_denoising_loop_is_not() -> None:
    found = codes(PIPELINE.format(name="FluxPipeline", base="DiffusionPipeline"))
    assert found == [("SYN101", 11)]
    found = codes(PIPELINE.format(name="Runner", base="object"))
    assert ("SYN109", 6) in found and ("SYN101", 11) in found


def test_do_sample_is_not_a_periodic_flag() -> None:
    source = """\
        import torch

        def decode(model, ids: torch.Tensor, steps: int, do_sample: bool):
            for _ in range(steps):
                logits = model(ids)
                if do_sample and logits is not None:
                    print(logits.max().item())
                if should_sample and logits is not None:
                    print(logits.min().item())
    """
    assert codes(source) == [("SYN101", 7)]
