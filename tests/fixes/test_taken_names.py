"""A fix that introduces a name takes one the scope does not use: with `votes_list` already
a parameter, the list of `votes` is another name, the fix still applies, and the fixed
function returns what the original returns."""

from __future__ import annotations

import ast

import torch

from synclint.fixer import fix_source

SOURCE = """\
import torch


def decide(votes: torch.Tensor, votes_list: list[int]) -> tuple[int, int, int]:
    votes = votes.to(torch.int64)
    first = votes[0].item()
    second = votes[1].item()
    return first, second, len(votes_list)
"""


def _decide(source: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    return namespace["decide"]


def test_a_name_the_scope_uses_is_not_taken_again() -> None:
    result = fix_source(SOURCE, "example.py", ["SYN112"], unsafe=True)
    assert result.error is None and not result.discarded, result.discarded
    assert result.text != SOURCE
    tree = ast.parse(result.text)
    (function,) = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    assigned = {t.id for n in ast.walk(function) if isinstance(n, ast.Assign)
                for t in n.targets if isinstance(t, ast.Name)}
    assert "votes_list" not in assigned  # the parameter keeps its value
    before, after = _decide(SOURCE), _decide(result.text)
    # Inputs the original accepts (each `votes[i]` one element): one or two dimensions.
    for votes in (torch.tensor([3, 4]), torch.tensor([[1], [2]]), torch.tensor([0.5, 2.0])):
        listed = [7, 8, 9]
        assert after(votes, listed) == before(votes, listed)  # type: ignore[operator]
        result_types = [type(v) for v in after(votes, listed)]  # type: ignore[operator]
        assert result_types == [type(v) for v in before(votes, listed)]  # type: ignore[operator]
