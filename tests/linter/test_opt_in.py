"""Opt-in options (issue 22, sixth draw L3): a per-step branch that runs only when a
constructor argument differs from its Python default stays reported, and its message
names the option ("only with `batchwise_prompt=True`"); a setting `__init__` does not
default off keeps the setting's own words."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

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
    [found] = rule_findings("SYN104", TEMPLATE.format(guard=guard))
    assert len(found.message) <= 100
    return found.message


@pytest.mark.parametrize(("guard", "option"), [
    ("self.batchwise_prompt", "`batchwise_prompt=True`"),
    ("not self.use_pool", "`use_pool=False`"),
    ('self.pooling == "max"', '`pooling="max"`'),
    ("self.scale != 1.0", "`scale` other than 1.0"),
    ("self.use_pool and self.batchwise_prompt", "`batchwise_prompt=True`"),
])
def test_a_branch_off_by_default_names_the_option(guard: str, option: str) -> None:
    assert _message(guard).endswith(f", only with {option}")


@pytest.mark.parametrize("guard", [
    "self.use_pool", 'self.pooling == "cls"', "self.scale > 1",
    'self.mode == "eval"'])
def test_a_branch_on_by_default_or_not_an_option_keeps_the_setting(guard: str) -> None:
    message = _message(guard)
    assert "only with" not in message
    assert "when `" in message or "under" in message


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
