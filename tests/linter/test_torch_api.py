"""The torch API table: one entry per name, views derived from it, no torch import."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from synclint.analysis.kinds import HOST, TENSOR, Seq
from synclint.knowledge import torch as torch_api
from synclint.knowledge.torch import TABLE, Form, Tag


def test_an_entry_gathers_every_fact_about_its_name() -> None:
    isnan = TABLE["Tensor.isnan"]
    assert isnan.form is Form.METHOD
    assert {Tag.BOOL_RESULT, Tag.TENSOR_ONLY, Tag.ELEMENTWISE} <= isnan.tags
    assert TABLE["torch.equal"].returns is HOST
    assert Tag.HOST_COMPARISON in TABLE["torch.equal"].tags
    assert TABLE["torch.split"].returns == Seq(TENSOR)
    assert TABLE["Tensor.shape"].form is Form.ATTRIBUTE
    assert Tag.DATA_DEPENDENT_SHAPE in TABLE["Tensor.nonzero"].tags


def test_facts_are_frozen_and_the_table_is_read_only() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        TABLE["Tensor.item"].returns = None  # type: ignore[misc]
    with pytest.raises(TypeError):
        TABLE["Tensor.foo"] = TABLE["Tensor.item"]  # type: ignore[index]


def test_views_are_read_from_the_table() -> None:
    assert "item" in torch_api.SYNC_METHODS and "item" in torch_api.HOST_METHODS
    assert "tolist" not in torch_api.LIKELY_TENSOR_METHODS
    assert torch_api.SYNC_COMPARISONS == {"equal", "allclose"}
    assert "torch.linalg.vector_norm" in torch_api.REDUCTION_FUNCTIONS
    assert torch_api.NORM_LIKE_REDUCTIONS == {"norm", "vector_norm"}
    assert "math." in torch_api.SYNC_MODULES
    assert torch_api.F64_DTYPES == {"torch.float64", "torch.double"}
    assert dict(torch_api.MODULE_TENSOR_ITERATORS)["parameters"] == Seq(TENSOR)
    assert "modules" in torch_api.MODULE_ITERATORS
    assert "modules" not in torch_api.MODULE_TENSOR_ITERATORS
    for name in dir(torch_api):
        value = getattr(torch_api, name)
        if name.isupper() and isinstance(value, frozenset):
            assert value, f"{name} is empty"


def test_conflicting_declarations_are_refused() -> None:
    with pytest.raises(ValueError, match="declared as"):
        torch_api._declare(Form.ATTRIBUTE, "Tensor.", "item")
    with pytest.raises(ValueError, match="returns both"):
        torch_api._declare(Form.METHOD, "Tensor.", "item", returns=TENSOR)


def test_the_table_does_not_import_torch() -> None:
    code = ("import sys; import synclint.analysis.torch_api; import synclint.knowledge; "
            "assert 'torch' not in sys.modules, 'torch imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_dtype_facts_live_in_the_table() -> None:
    assert torch_api.DTYPE_CANONICAL["torch.long"] == "torch.int64"
    assert torch_api.DTYPE_CANONICAL["torch.half"] == "torch.float16"
    assert torch_api.DTYPE_FAMILIES["torch.bfloat16"] == "float"
    assert torch_api.DTYPE_FAMILIES["torch.uint8"] == "int"
    assert torch_api.DTYPE_FAMILIES["torch.bool"] == "bool"
    assert torch_api.DTYPE_FAMILIES["torch.complex64"] == "complex"
    assert torch_api.CAST_METHOD_DTYPES["long"] == "torch.int64"
    assert torch_api.CAST_METHOD_DTYPES["byte"] == "torch.uint8"
    assert TABLE["Tensor.float"].dtype == "torch.float32" and Tag.CAST in TABLE["Tensor.float"].tags
    # Every dtype has a canonical name and a family.
    assert set(torch_api.DTYPE_CANONICAL) == set(torch_api.DTYPE_FAMILIES) == {
        f"torch.{name}" for name in torch_api.DTYPE_NAMES}
