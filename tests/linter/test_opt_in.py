"""Opt-in code (issue 22: fresh6 L3, fresh8 L5, fresh9 L1): a branch that runs only when
a setting differs from its default is not reported by default; with `--opt-in` it is, and
its message names the option ("only with `batchwise_prompt=True`"); a setting whose default
turns the code on, or without a visible default, keeps the setting's own words and is
reported by default."""

from __future__ import annotations

import textwrap

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source, lint_sources
from tests.linter.helpers import rule_findings


def opt_in_findings(code: str, source: str) -> list[Diagnostic]:
    """The findings of rule `code` on `source` as `--opt-in` reports them."""
    output = lint_source(textwrap.dedent(source), "example.py", [code], opt_in=True)
    assert output.error is None
    return [d for d in output.diagnostics if d.code == code]

TEMPLATE = """\
    import torch
    from torch import nn


    class Prompt(nn.Module):
        def __init__(self, batchwise_prompt: bool = False, use_pool: bool = True,
                     pooling: str = "cls", ignore_index=None, scale=1.0):
            super().__init__()
            self.batchwise_prompt = batchwise_prompt
            self.use_pool = use_pool
            self.pooling = pooling
            self.ignore_index = ignore_index
            self.scale = scale
            self.mode = "train"

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            if {guard}:
                ids = torch.unique(x)
            return x
"""


def _message(guard: str) -> str:
    [found] = opt_in_findings("SYN104", TEMPLATE.format(guard=guard))
    assert len(found.message) <= 100
    return found.message


@pytest.mark.parametrize(("guard", "option"), [
    ("self.batchwise_prompt", "`batchwise_prompt=True`"),
    ("not self.use_pool", "`use_pool=False`"),
    ('self.pooling == "max"', '`pooling="max"`'),
    ("self.scale != 1.0", "`scale` other than 1.0"),
    ("self.use_pool and self.batchwise_prompt", "`batchwise_prompt=True`"),
    ("self.scale > 1.0", "`scale > 1.0`"),  # x_transformers' `reset_every > 0` (fresh8 L5)
    ("not self.scale <= 1.0", "`scale > 1.0`"),
])
def test_a_branch_off_by_default_is_opt_in_and_names_the_option(guard: str,
                                                                 option: str) -> None:
    assert _message(guard).endswith(f", only with {option}")
    assert rule_findings("SYN104", TEMPLATE.format(guard=guard)) == []


@pytest.mark.parametrize("guard", [
    "self.use_pool", 'self.pooling == "cls"', "self.scale >= 1", "self.pooling > 1",
    'self.mode == "eval"'])
def test_a_branch_on_by_default_or_not_an_option_keeps_the_setting(guard: str) -> None:
    message = _message(guard)
    assert "only with" not in message
    assert "when `" in message or "under" in message
    [found] = rule_findings("SYN104", TEMPLATE.format(guard=guard))
    assert found.message == message


def test_a_parameter_rebound_in_init_is_not_read_as_its_default() -> None:
    # kornia's RANSAC: `local_optimization=None` becomes "lm" for homographies before
    # `self.local_optimization = local_optimization`: "lm" is the default path there.
    source = """\
        import torch
        from torch import nn
        class Ransac(nn.Module):
            def __init__(self, model_type: str = "homography", lo=None):
                super().__init__()
                if lo is None:
                    lo = "lm" if model_type == "homography" else "dlt"
                self.lo = lo

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                if self.lo == "lm":
                    keep = torch.nonzero(x > 0)
                return x
    """
    [found] = rule_findings("SYN104", source)
    assert "only with" not in found.message
    assert found.message.endswith('when `self.lo == "lm"`')


CONFIG = """\
    import dataclasses


    @dataclasses.dataclass(kw_only=True)
    class PPOCfg:
        kl_threshold: float = {kl}
        entropy_loss_scale: float = 0.0
        rollouts: int = 16

        def expand(self) -> None:
            self.rollouts = max(self.rollouts, 1)
"""
AGENT = """\
    import torch
    from torch import nn

    from ppo_cfg import PPOCfg


    class PPO:
        def __init__(self, policy: nn.Module, cfg: PPOCfg | dict) -> None:
            self.cfg: PPOCfg
            self.cfg = PPOCfg(**cfg) if isinstance(cfg, dict) else cfg
            self.policy = policy.cuda()

        def update(self, batches: list[torch.Tensor]) -> None:
            for states in batches:
                kl = self.policy(states.cuda()).mean()
                if {guard}:
                    break
"""


def _agent(guard: str, kl: str = "0.0", *, opt_in: bool = False) -> list[Diagnostic]:
    outputs = lint_sources({"ppo_cfg.py": textwrap.dedent(CONFIG.format(kl=kl)),
                            "ppo.py": textwrap.dedent(AGENT.format(guard=guard))},
                           ["SYN102"], opt_in=opt_in)
    return [d for d in outputs["ppo.py"].diagnostics if d.code == "SYN102"]


def test_a_config_dataclass_field_that_defaults_off_is_opt_in() -> None:
    # skrl's `if self.cfg.kl_threshold and kl > self.cfg.kl_threshold:` (fresh9 L1).
    guard = "self.cfg.kl_threshold and kl > self.cfg.kl_threshold"
    assert _agent(guard) == []
    [found] = _agent(guard, opt_in=True)
    assert found.message.endswith(", only with `cfg.kl_threshold` set")


@pytest.mark.parametrize(("guard", "kl"), [
    ("self.cfg.kl_threshold and kl > self.cfg.kl_threshold", "0.008"),  # on by default
    ("self.cfg.rollouts and kl > 0", "0.0"),  # a field a method assigns: no default
    ("self.cfg.missing and kl > 0", "0.0"),  # no field: no visible default
    ("kl > 0 and self.cfg.kl_threshold", "0.0"),  # the tensor is tested first
])
def test_a_config_field_on_by_default_or_without_a_visible_default_is_reported(
        guard: str, kl: str) -> None:
    [found] = _agent(guard, kl)
    assert "only with" not in found.message


def test_an_unannotated_config_object_has_no_visible_default() -> None:
    source = AGENT.format(guard="self.cfg.kl_threshold and kl > 0").replace(
        "self.cfg: PPOCfg", "pass")
    outputs = lint_sources({"ppo_cfg.py": textwrap.dedent(CONFIG.format(kl="0.0")),
                            "ppo.py": textwrap.dedent(source)}, ["SYN102"])
    assert [d.code for d in outputs["ppo.py"].diagnostics] == ["SYN102"]


DICT_DEFAULTS = """\
    import copy
    import torch
    from torch import nn

    PPO_DEFAULT_CONFIG = {{"entropy_loss_scale": {scale}, "kl_threshold": 0}}


    class PPO:
        def __init__(self, policy: nn.Module, cfg: dict) -> None:
            self.cfg = copy.deepcopy(PPO_DEFAULT_CONFIG)
            self.cfg.update(cfg)
            self.policy = policy.cuda()
            self._entropy_loss_scale = self.cfg["entropy_loss_scale"]

        def update(self, batches: list[torch.Tensor]) -> float:
            total = 0.0
            for states in batches:
                entropy = self.policy(states.cuda())
                if {guard}:
                    total += entropy.mean().item()
            return total
"""


@pytest.mark.parametrize(("guard", "option"), [
    ("self._entropy_loss_scale", "`entropy_loss_scale` set"),
    ('self.cfg["entropy_loss_scale"]', "`entropy_loss_scale` set"),
    ('self.cfg.get("kl_threshold")', "`kl_threshold` set"),
])
def test_a_key_a_dict_of_defaults_turns_off_is_opt_in(guard: str, option: str) -> None:
    source = DICT_DEFAULTS.format(scale="0.0", guard=guard)
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize("guard", ["self._entropy_loss_scale", 'self.cfg["other"]'])
def test_a_key_on_by_default_or_not_in_the_dict_is_reported(guard: str) -> None:
    source = DICT_DEFAULTS.format(scale="0.01", guard=guard)
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message


FUNCTION = """\
    import torch
    from torch import nn


    class Counter(nn.Module):
        use_counting = {counting}

        def __init__(self, scheduler=None, noise=None) -> None:
            super().__init__()
            self.scheduler = scheduler
            if noise is not None:
                self._noise = noise
            else:
                self._noise = None

        def forward(self, x: torch.Tensor, counts: bool = {counts}, labels=None):
            if {guard}:
                self.total = x.sum().item()
            return x
"""


@pytest.mark.parametrize(("guard", "option"), [
    ("counts", "`counts=True`"),  # the function's own parameter
    ("self.use_counting", "`use_counting=True`"),  # a class field default
    ("isinstance(self.scheduler, nn.Module)", "`scheduler` set"),
    ("self._noise", "`noise` set"),  # an attribute `__init__` sets only with the option
])
def test_function_and_class_defaults_that_turn_code_off_are_opt_in(guard: str,
                                                                   option: str) -> None:
    source = FUNCTION.format(counting="False", counts="False", guard=guard)
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize("guard", [
    "counts", "self.use_counting",  # defaults that turn the code on
    "labels is not None",  # an argument given or not: the caller decides
    "self.training",  # a setting without a visible default
])
def test_defaults_that_turn_code_on_and_other_guards_are_reported(guard: str) -> None:
    source = FUNCTION.format(counting="True", counts="True", guard=guard)
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message


def test_code_after_an_early_return_while_an_option_is_unset_is_opt_in() -> None:
    source = """\
        import torch
        from torch import nn


        class Explorer(nn.Module):
            def __init__(self, exploration=None) -> None:
                super().__init__()
                self.exploration = exploration

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                if self.exploration is None:
                    return x
                return x[x > self.exploration.item()]
    """
    assert rule_findings("SYN101", source) == []
    [found] = opt_in_findings("SYN101", source)
    assert found.message.endswith(", only with `exploration` set")


def test_a_helpers_annotated_argument_is_what_the_caller_passes() -> None:
    # diffusers' `_build_indicator(config, forward_metadata)`: the dataclass default of
    # `raw_vision` (None) says nothing of what each call passes.
    source = """\
        import dataclasses
        import torch


        @dataclasses.dataclass
        class Metadata:
            raw_vision: list | None = None


        def count(metadata: Metadata, xs: list[torch.Tensor]) -> float:
            n = 0.0
            for x in xs:
                if metadata.raw_vision:
                    n += x.cuda().sum().item()
            return n
    """
    [found] = rule_findings("SYN101", source)
    assert "only with" not in found.message
