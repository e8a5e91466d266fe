"""`typing.cast(T, value)` says what `value` is, as an annotation does: an instance of the
project class `T` names (its methods are then resolved: fresh13 M3, torchtitan's
`cast(Decoder, self.model_parts[0]).get_attention_masks(...)`), or for a value of unknown
kind the kind `T` names. It never makes a known value something else: a cast of a GPU
tensor to `np.ndarray` stays a GPU tensor."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import NUMPY, TENSOR, UNKNOWN, Instance
from tests.model.probe import probe

SOURCE = """\
import typing
from typing import cast

import numpy as np
import torch


class Decoder(torch.nn.Module):
    pass


def f(x, t: torch.Tensor):
    t = t.cuda()
    seen({expression})
"""


@pytest.mark.parametrize(("expression", "kind"), [
    ("cast(Decoder, x)", Instance("m:Decoder")),
    ("cast('Decoder', x)", Instance("m:Decoder")),
    ("typing.cast(Decoder, t)", Instance("m:Decoder")),
    ("cast(np.ndarray, x)", NUMPY),
    ("cast(np.ndarray, t)", TENSOR),
    ("cast(object, x)", UNKNOWN),
    ("cast(torch.Tensor, t)", TENSOR),
])
def test_a_cast_is_the_kind_it_names(expression: str, kind: object) -> None:
    assert probe(SOURCE.format(expression=expression)) == kind
