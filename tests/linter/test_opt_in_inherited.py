"""Options a base's `__init__` keeps, read in a subclass (issue 22, fresh18 L4(a):
fairseq's criterions pass `report_accuracy=report_accuracy` to their base): the default
is the one the subclass's `super().__init__(...)` hands on, its own parameter's, a literal
it passes, or the base's where it passes nothing; checked as `check` checks a file (only
the definitions with a candidate site given to LibCST) and whole."""

from __future__ import annotations

import pytest

from synclint.engine import lint_source, lint_text

BASE = """\
import torch
from torch import nn


class LabelSmoothedCE(nn.Module):
    def __init__(self, label_smoothing: float, report_accuracy: bool = False) -> None:
        super().__init__()
        self.eps = label_smoothing
        self.report_accuracy = report_accuracy


class MultiModalityCE(LabelSmoothedCE):
{init}
    def forward(self, lprobs: torch.Tensor, target: torch.Tensor):
        loss = -lprobs.gather(-1, target.unsqueeze(-1)).sum()
        if self.report_accuracy:
            self.n_correct = (lprobs.argmax(-1) == target).sum().item()
        return loss
"""
_SIGNATURE = "    def __init__(self, label_smoothing: float{extra}) -> None:\n"
_INHERITED = ""
_FORWARDED = _SIGNATURE.format(extra=", report_accuracy: bool = {default}") + \
    "        super().__init__(label_smoothing, report_accuracy=report_accuracy)\n"
_POSITIONAL = _SIGNATURE.format(extra=", report_accuracy: bool = {default}") + \
    "        super().__init__(label_smoothing, report_accuracy)\n"
_LITERAL = _SIGNATURE.format(extra="") + \
    "        super().__init__(label_smoothing, report_accuracy={default})\n"
_KWARGS = _SIGNATURE.format(extra=", **kwargs") + \
    "        super().__init__(label_smoothing, **kwargs)\n"


def rows(init: str) -> tuple[list[int], list[int]]:
    """SYN101 rows as `check` reports them (a file's kept text) and on the whole text."""
    source = BASE.format(init=init)
    checked = lint_text(source, "criterion.py", ["SYN101"])
    whole = lint_source(source, "criterion.py", ["SYN101"])
    return ([d.location.row for d in checked.diagnostics],
            [d.location.row for d in whole.diagnostics])


@pytest.mark.parametrize("init", [_INHERITED, _FORWARDED.format(default="False"),
                                  _POSITIONAL.format(default="False"),
                                  _LITERAL.format(default="False"), _KWARGS],
                         ids=["inherited", "forwarded", "positional", "literal", "kwargs"])
def test_an_option_off_by_the_default_the_subclass_hands_on_is_opt_in(init: str) -> None:
    assert rows(init) == ([], [])


@pytest.mark.parametrize("init", [_FORWARDED.format(default="True"),
                                  _POSITIONAL.format(default="True"),
                                  _LITERAL.format(default="True")],
                         ids=["forwarded", "positional", "literal"])
def test_an_option_the_subclass_turns_on_is_reported(init: str) -> None:
    row = BASE.format(init=init).splitlines().index(
        "            self.n_correct = (lprobs.argmax(-1) == target).sum().item()") + 1
    assert rows(init) == ([row], [row])


def test_an_argument_the_defaults_do_not_tell_is_reported() -> None:
    init = _SIGNATURE.format(extra=", flags: dict") + \
        "        super().__init__(label_smoothing, report_accuracy=flags['acc'])\n"
    checked, whole = rows(init)
    assert checked == whole and len(checked) == 1
