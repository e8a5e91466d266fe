"""SYN112's element list (`votes_list = votes.tolist()`) also serves a read of another
element that runs on some paths only (diffusers' SeaCache: `votes[0].item() and
votes[1].item()`): the list holds it already, so the fix reads the tensor once where it
read it twice. A conditional read after a call that may change the tensor, or of another
tensor, keeps its own `.item()`."""

from __future__ import annotations

import pytest
import torch

from synclint.fixer import fix_source

CODES = ("SYN112",)
SEA_CACHE = """\
import torch


def decision(should_compute: bool, device: torch.device) -> tuple[bool, bool]:
    votes = torch.tensor(
        [int(should_compute), int(not should_compute)],
        dtype=torch.int32,
        device=device,
    )
    torch.distributed.all_reduce(votes, op=torch.distributed.ReduceOp.MAX)
    return bool(votes[0].item()), bool(votes[0].item() and votes[1].item())
"""


def _fixed(source: str, *, unsafe: bool = False) -> str:
    result = fix_source(source, "sea_cache.py", CODES, unsafe=unsafe)
    assert result.error is None and not result.discarded, result.discarded
    assert result.fixed.get("SYN112") == 1, result.fixed
    return result.text


def test_every_read_of_the_votes_takes_the_one_list(monkeypatch: pytest.MonkeyPatch) -> None:
    fixed = _fixed(SEA_CACHE)
    assert ".item()" not in fixed
    assert "    votes_list = votes.tolist()\n" in fixed  # a list of numbers: rank 1
    assert "bool(votes_list[0] and votes_list[1])" in fixed
    # One rank: the all-reduce leaves the votes as they are.
    monkeypatch.setattr(torch.distributed, "all_reduce", lambda t, op=None: None, raising=False)
    results = []
    for text in (SEA_CACHE, fixed):
        namespace: dict[str, object] = {}
        exec(compile(text, "sea_cache.py", "exec"), namespace)  # noqa: S102
        decide = namespace["decision"]
        assert callable(decide)
        results.append([decide(flag, torch.device("cpu")) for flag in (True, False)])
    assert results[0] == results[1] == [(True, False), (False, False)]


def test_a_conditional_read_after_a_call_that_may_change_the_tensor_keeps_its_read() -> None:
    source = """\
import torch


def f(x: torch.Tensor, touch) -> tuple[int, int, int]:
    votes = x.flatten()
    a, b = votes[0].item(), votes[1].item()
    return a, b, (votes[2].item() if touch(votes) else 0)
"""
    fixed = _fixed(source, unsafe=True)
    assert "votes[2].item()" in fixed
    assert "votes_list[0]" in fixed


def test_a_conditional_read_of_another_tensor_keeps_its_read() -> None:
    source = """\
import torch


def f(x: torch.Tensor, y: torch.Tensor, flag: bool) -> tuple[int, int, int]:
    votes = x.flatten()
    other = y.flatten()
    return votes[0].item(), votes[1].item(), flag and other[0].item()
"""
    fixed = _fixed(source)
    assert "other[0].item()" in fixed
    assert "votes[0]" not in fixed
