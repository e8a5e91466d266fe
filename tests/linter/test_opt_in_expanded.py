"""Opt-in code through settings kept one value per network or per agent, and through a
configuration's `get` default (issue 22, fresh9 L1, worth40): skrl's
`self.cfg.kl_threshold[uid]`, `self.cfg.learning_rate_scheduler[0]` and the scheduler
attribute set from it, rl_games' `self.multi_gpu = config.get("multi_gpu", False)`."""

from __future__ import annotations

import ast
import textwrap

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.model.defaults import class_defaults

CONFIG = """\
    import dataclasses


    @dataclasses.dataclass(kw_only=True)
    class AgentCfg:
        learning_rate_scheduler: type | tuple | None = {scheduler}
        kl_threshold: float | dict[str, float] = {kl}
        mode: str | dict[str, str] = "x"

        def expand(self, agents: list[str]) -> None:
            if self.learning_rate_scheduler is None:
                self.learning_rate_scheduler = (None, None)
            elif not isinstance(self.learning_rate_scheduler, tuple):
                self.learning_rate_scheduler = (self.learning_rate_scheduler,
                                                self.learning_rate_scheduler)
            for name in ("kl_threshold", "mode"):
                setattr(self, name, {{uid: getattr(self, name) for uid in agents}})
"""

AGENT = """\
    import torch
    from torch import nn

    from agent_cfg import AgentCfg


    class Agent:
        def __init__(self, policy: nn.Module, cfg: AgentCfg, agents: list[str]) -> None:
            self.cfg = cfg
            self.cfg.expand(agents)
            self.policy = policy.cuda()
            self.optimizer = torch.optim.Adam(self.policy.parameters())
            if self.policy is not None:
                self.scheduler = self.cfg.learning_rate_scheduler[0]
                {replace}
            self.schedulers = {{}}
            for uid in agents:
                self.schedulers[uid] = self.cfg.learning_rate_scheduler[0]
                if self.schedulers[uid] is not None:
                    self.schedulers[uid] = self.cfg.learning_rate_scheduler[0](self.optimizer)

        def update(self, uid: str, batches: list[torch.Tensor]) -> None:
            for states in batches:
                kl = self.policy(states.cuda()).mean()
                if {guard}:
                    torch.unique(kl)
"""


def _agent(guard: str, *, kl: str = "0.0", scheduler: str = "None",
           replace: str = "if self.scheduler is not None: self.scheduler = "
                          "self.cfg.learning_rate_scheduler[0](self.optimizer)",
           opt_in: bool = False) -> list[Diagnostic]:
    outputs = lint_sources(
        {"agent_cfg.py": textwrap.dedent(CONFIG.format(kl=kl, scheduler=scheduler)),
         "agent.py": textwrap.dedent(AGENT.format(guard=guard, replace=replace))},
        ["SYN104"], opt_in=opt_in)
    return list(outputs["agent.py"].diagnostics)


@pytest.mark.parametrize(("guard", "option"), [
    ("self.cfg.kl_threshold[uid]", "`cfg.kl_threshold` set"),
    ("self.cfg.learning_rate_scheduler[0]", "`cfg.learning_rate_scheduler` set"),
    ("self.scheduler", "`cfg.learning_rate_scheduler` set"),
    ("self.schedulers[uid]", "`cfg.learning_rate_scheduler` set"),
    ("self.schedulers[uid] is not None", "`cfg.learning_rate_scheduler` set"),
])
def test_an_element_of_a_setting_that_defaults_off_is_opt_in(guard: str, option: str) -> None:
    assert _agent(guard) == []
    [found] = _agent(guard, opt_in=True)
    assert found.message.endswith(f", only with {option}")


@pytest.mark.parametrize(("guard", "options"), [
    ("self.cfg.kl_threshold[uid]", {"kl": "0.01"}),  # on by default
    ("self.scheduler", {"scheduler": "torch.optim.lr_scheduler.StepLR"}),  # no literal
    ('self.cfg.mode[uid] == "y"', {}),  # a string's element is a character
    ("self.cfg.learning_rate_scheduler", {}),  # expanded: now a tuple, always true
    # replaced whatever the option: no default on the default path
    ("self.scheduler", {"replace": "self.scheduler = torch.optim.lr_scheduler.StepLR("
                                   "self.optimizer, 1)"}),
])
def test_an_element_on_by_default_or_without_a_visible_default_is_reported(
        guard: str, options: dict[str, str]) -> None:
    [found] = _agent(guard, **options)
    assert "only with" not in found.message


def test_a_field_a_method_expands_keeps_its_default_element_by_element() -> None:
    [cls] = [n for n in ast.parse(textwrap.dedent(CONFIG.format(kl="0.0", scheduler="None"))).body
             if isinstance(n, ast.ClassDef)]
    defaults = class_defaults(cls)
    assert defaults["learning_rate_scheduler[]"] == "None"
    assert "learning_rate_scheduler" not in defaults  # a tuple once expanded
    assert defaults["kl_threshold"] == "0.0"  # `setattr` is not seen: the field keeps it
    mixed = ast.parse(textwrap.dedent("""\
        class C:
            a: float | None = None
            b: float = 0.0

            def expand(self):
                self.a = (None, 1.0)   # not the default again
                self.b = (self.b, self.b)
                self.b = 2.0           # and assigned besides
    """)).body[0]
    assert isinstance(mixed, ast.ClassDef)
    assert class_defaults(mixed) == {}


GET = """\
    import torch
    import torch.distributed as dist


    class A2CBase:
        def __init__(self, config: dict) -> None:
            self.device = config.get("device", "cuda:0")
            self.flag = {value}

        def train(self, batches: list[dict[str, torch.Tensor]]) -> None:
            for batch in batches:
                x = batch["obs"].to(self.device)
                if {guard}:
                    torch.unique(x)
"""


def _get(value: str, guard: str = "self.flag", *, opt_in: bool = False) -> list[Diagnostic]:
    outputs = lint_sources({"a2c.py": textwrap.dedent(GET.format(value=value, guard=guard))},
                           ["SYN104"], opt_in=opt_in)
    return list(outputs["a2c.py"].diagnostics)


def test_a_setting_kept_from_a_get_with_an_off_default_is_opt_in() -> None:
    # rl_games: `self.multi_gpu = config.get('multi_gpu', False)`, then `if self.multi_gpu:`
    assert _get('config.get("multi_gpu", False)') == []
    [found] = _get('config.get("multi_gpu", False)', opt_in=True)
    assert found.message.endswith(", only with `multi_gpu=True`")
    assert _get('config.get("multi_gpu", default=0)') == []


@pytest.mark.parametrize(("value", "guard"), [
    ('config.get("normalize", True)', "self.flag"),  # on by default
    ('config.get("bootstrap")', "self.flag is not None"),  # given or not
    ('config.get("bootstrap", None)', "self.flag is not None"),
    ('config["multi_gpu"]', "self.flag"),  # no visible default
    ('config.get("multi_gpu", False)', 'batch.get("mask", None) is not None'),  # data
])
def test_a_get_on_by_default_without_a_default_or_of_data_is_reported(value: str,
                                                                      guard: str) -> None:
    [found] = _get(value, guard)
    assert "only with" not in found.message


INHERITED = """\
    import torch


    class A2CBase:
        def __init__(self, config: dict) -> None:
            self.multi_gpu = config.get("multi_gpu", False)
            self.device = "cuda"


    class DiscreteA2CBase(A2CBase):
        def __init__(self, config: dict) -> None:
            A2CBase.__init__(self, config)
            {extra}

        def train(self, batches: list[torch.Tensor]) -> None:
            for batch in batches:
                if self.multi_gpu:
                    torch.unique(batch.to(self.device))
"""


def test_a_setting_a_base_class_init_keeps_is_read_in_a_subclass() -> None:
    # rl_games: `DiscreteA2CBase.train` reads `self.multi_gpu`, which `A2CBase.__init__`
    # keeps from `config.get("multi_gpu", False)`
    source = textwrap.dedent(INHERITED.format(extra="pass"))
    assert lint_sources({"a2c.py": source}, ["SYN104"])["a2c.py"].diagnostics == []
    # the subclass sets it again: its own value, not the base's default
    source = textwrap.dedent(INHERITED.format(extra="self.multi_gpu = config['multi_gpu']"))
    [found] = lint_sources({"a2c.py": source}, ["SYN104"])["a2c.py"].diagnostics
    assert "only with" not in found.message
