"""An `nn.Module`'s `forward` takes its input batch first: unannotated, a `.tolist()` of
it (through comparisons, `squeeze`, indexing) is a likely tensor read on every call, as
`x.sum().item()` already is (eighth draw M4). The evidence is the module role: the same
read in another class's `forward`, of an annotated NumPy input or of a later parameter
stays silent."""

from __future__ import annotations

import pytest

from tests.model.probe import findings

MODULE = """\
import numpy as np
import torch
from torch import nn


class Binarize({base}):
    def forward(self, {params}):
        return {read}
"""


def rows(source: str) -> list[tuple[str, int, str]]:
    return [(d.code, d.location.row, d.confidence) for d in findings(source)]


@pytest.mark.parametrize("read", ["(x > 0.5).squeeze(1).tolist()", "x[:, 0].tolist()",
                                  "x.tolist()",
                                  # asteroid's Binarize: through a local assigned before
                                  "active.tolist()"])
def test_a_module_s_unannotated_input_read_by_tolist_is_likely(read: str) -> None:
    source = MODULE.format(base="nn.Module", params="x", read=read).replace(
        "        return", "        x = x[0]\n        active = (x > 0.5).squeeze(1)\n"
        "        return")
    assert rows(source) == [("SYN101", 10, "likely")]


@pytest.mark.parametrize(("base", "params", "read"), [
    ("object", "x", "(x > 0.5).squeeze(1).tolist()"),
    ("nn.Module", "x: np.ndarray", "(x > 0.5).squeeze(1).tolist()"),
    ("nn.Module", "x, lengths", "lengths.tolist()"),
    ("nn.Module", "x", "np.asarray(x).tolist()"),
    ("nn.Module", "x", "(x := np.asarray(x)).tolist()"),
])
def test_without_the_module_input_tolist_reads_nothing(base: str, params: str,
                                                       read: str) -> None:
    assert rows(MODULE.format(base=base, params=params, read=read)) == []


def test_a_local_made_by_numpy_from_the_input_reads_nothing() -> None:
    source = MODULE.format(base="nn.Module", params="x", read="active.tolist()").replace(
        "        return", "        active = np.asarray(x) > 0.5\n        return")
    assert rows(source) == []


@pytest.mark.parametrize("read", ["int(idx_m[-1]) + 1", "int(x['idx_m'][-1])",
                                  "float(x[0])"])
def test_a_builtin_of_an_item_of_the_unannotated_input_is_likely(read: str) -> None:
    """schnetpack's DipoleMoment: `idx_m = inputs[properties.idx_m]`, then
    `int(idx_m[-1]) + 1` (fresh9 M7)."""
    source = MODULE.format(base="nn.Module", params="x", read=read).replace(
        "        return", "        idx_m = x['idx_m']\n        return")
    assert rows(source) == [("SYN101", 9, "likely")]


@pytest.mark.parametrize(("base", "params", "read"), [
    ("object", "x", "int(x[-1])"),
    ("nn.Module", "x: list[int]", "int(x[-1])"),
    ("nn.Module", "x", "int(x.shape[0])"),
    ("nn.Module", "x", "int(np.asarray(x)[0])"),
    ("nn.Module", "x", "int(x)"),
    ("nn.Module", "x, lengths", "int(lengths[0])"),
])
def test_without_an_item_of_the_module_input_builtins_read_nothing(base: str, params: str,
                                                                   read: str) -> None:
    assert rows(MODULE.format(base=base, params=params, read=read)) == []


TESTED = """\
import numpy as np
import torch
from torch import nn


class Encoder({base}):
    def forward(self, {params}):
        mask = {mask}
        if {test}:
            return None
        return mask
"""


@pytest.mark.parametrize(("mask", "test"), [
    ("tokens.eq(1)", "not mask.any()"),            # fresh14 M1: fair-esm's ESM2
    ("tokens == 1", "mask.all()"),
    ("(tokens[:, 1:] > 0).squeeze(1)", "mask.any() and tokens.shape[0] > 1"),
])
def test_a_truth_test_of_the_unannotated_input_s_reduction_is_likely(mask: str,
                                                                      test: str) -> None:
    source = TESTED.format(base="nn.Module", params="tokens", mask=mask, test=test)
    assert rows(source) == [("SYN102", 9, "likely")]


@pytest.mark.parametrize(("base", "params", "mask", "test"), [
    ("object", "tokens", "tokens.eq(1)", "not mask.any()"),
    ("nn.Module", "tokens: np.ndarray", "tokens == 1", "mask.any()"),
    ("nn.Module", "tokens, flags", "flags == 1", "mask.any()"),
    ("nn.Module", "tokens", "np.asarray(tokens) == 1", "mask.any()"),
    ("nn.Module", "tokens", "tokens.eq(1)", "mask.any(dim=0) is None"),
])
def test_without_the_module_input_a_truth_test_reads_nothing(
        base: str, params: str, mask: str, test: str) -> None:
    assert rows(TESTED.format(base=base, params=params, mask=mask, test=test)) == []
