"""`threshold or default` on a parameter annotated as an optional tensor that defaults to
None reads nothing at the default (tenth draw F6): its callers that pass a tensor report it."""

from __future__ import annotations

from tests.model.probe import syncs

OPTIONAL = """\
from typing import Optional, Union

import torch


def optimal(preds: torch.Tensor, threshold: {annotation} = {default}) -> torch.Tensor:
    threshold = threshold or torch.linspace(0.0, 1.0, 51, device=preds.device)
    return (preds[:, None] > threshold).float().mean(0)


def sweep(preds: torch.Tensor) -> list[torch.Tensor]:
    {caller}
"""


def _source(annotation: str = "Optional[torch.Tensor]", default: str = "None",
            caller: str = "return [optimal(preds)]") -> str:
    return OPTIONAL.format(annotation=annotation, default=default, caller=caller)


def test_an_optional_tensor_defaulting_to_none_is_read_only_where_callers_pass_one() -> None:
    for annotation in ("Optional[torch.Tensor]", "torch.Tensor | None",
                       "Union[torch.Tensor, None]"):
        source = _source(annotation=annotation)
        assert syncs(source) == [], annotation


def test_a_caller_passing_device_tensors_in_a_loop_is_reported() -> None:
    caller = ("cuts = torch.linspace(0.0, 1.0, 11, device=preds.device)\n"
              "    return [optimal(preds, threshold=cut) for cut in cuts]")
    assert syncs(_source(caller=caller)) == ["SYN102:13"]


def test_a_tensor_parameter_or_another_default_keeps_its_finding() -> None:
    for annotation, default in (("torch.Tensor", "None"),
                                ("Optional[torch.Tensor]", "torch.zeros(())")):
        source = _source(annotation=annotation, default=default)
        assert syncs(source) == ["SYN102:7"], annotation
