"""Comparison methods of an unknown value (issue 22, M2): `preds.eq(y)` is a tensor in
torch code without pandas, since NumPy arrays have no `.eq()` and pandas Series do; on a
value derived from a parameter the callers judge, as for `.sum()`."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import TENSORS, UNKNOWN
from tests.model.probe import findings, probes

LOOP = '''
{imports}


def evaluate(model, loader, device="cuda:0"):
    correct = 0.0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        preds = model(x).argmax(-1)
        seen(preds.{method}(y))
        correct += float(preds.{method}(y).sum())
    return correct
'''


@pytest.mark.parametrize("method", ["eq", "ne", "gt", "ge", "lt", "le"])
def test_a_comparison_of_a_model_output_is_a_tensor(method: str) -> None:
    source = LOOP.format(imports="import torch", method=method)
    (kind,) = probes(source)
    assert kind in TENSORS
    assert [d.code for d in findings(source)] == ["SYN101"]


@pytest.mark.parametrize("imports", ["import pandas as pd\nimport torch", "import numpy as np"])
def test_with_pandas_or_without_torch_it_stays_unknown(imports: str) -> None:
    source = LOOP.format(imports=imports, method="eq")
    assert probes(source) == [UNKNOWN]
    assert findings(source) == []


def test_a_comparison_of_a_parameter_is_judged_by_the_callers() -> None:
    source = '''
import torch


def has_answer(labels):
    seen(labels.ne(-100))
    if labels.ne(-100).any():
        return 1
    return 0
'''
    assert probes(source) == [UNKNOWN]
    assert findings(source) == []
