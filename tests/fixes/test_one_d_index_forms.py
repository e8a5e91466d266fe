"""Tensors the code makes 1-D by indexing, `torch.where(c)[0]` and
`x.nonzero(as_tuple=True)[0]`: the batched fix iterates their `.tolist()` as they are, with
no `.flatten()` (the simplest correct form), and returns what the original returns."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from synclint.fixer import fix_source

SHAPE = Path(__file__).parent / "shapes" / "batched" / "invocation_starts_by_nonzero.py"
INPUTS = [(torch.tensor([[5, 7, 8, 5, 7, 8, 1], [1, 2, 3, 4, 5, 6, 7]]), torch.tensor([5, 7, 8])),
          (torch.tensor([[9, 9, 9]]), torch.tensor([9, 9]))]


def _naive(source: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(source, str(SHAPE), "exec"), namespace)  # noqa: S102
    return namespace["naive"]


@pytest.mark.parametrize("form", ["(sequence == invocation[0]).nonzero(as_tuple=True)[0]",
                                  "torch.where(sequence == invocation[0])[0]"],
                         ids=["nonzero-as-tuple", "where"])
def test_the_starts_are_iterated_as_a_plain_list(form: str) -> None:
    source = SHAPE.read_text(encoding="utf-8").replace(
        "(sequence == invocation[0]).nonzero(as_tuple=True)[0]", form)
    result = fix_source(source, str(SHAPE), ["SYN101"], unsafe=False)
    assert result.error is None and not result.discarded
    assert "for idx in possible_starts.tolist():" in result.text, result.text
    assert ".flatten()" not in result.text
    before, after = _naive(source), _naive(result.text)
    for input_ids, invocation in INPUTS:
        assert after(input_ids, invocation) == before(input_ids, invocation)  # type: ignore[operator]
