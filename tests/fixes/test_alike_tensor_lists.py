"""A list the function fills with tensors made by one torch call with the same arguments
every time (`[torch.zeros(1, dtype=torch.long, device=device) for _ in range(n)]`, as
accelerate's `gather_object` builds `size_list`) holds one dtype and one device: the
batched fix stacks it without the `alike` check it writes where dtypes or devices may
differ. Where the list may come to hold other tensors, the check stays."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch

from synclint.fixer import fix_source

CODES = ("SYN101",)
#: accelerate's `gather_object`, reduced: the sizes every rank sends, the largest of them.
GATHERED = """\
import torch


def largest_size(local_size: int, group_size: int, device: torch.device) -> int:
    local_size_tensor = torch.tensor([local_size], dtype=torch.long, device=device)
    size_list = [torch.zeros(1, dtype=torch.long, device=device) for _ in range(group_size)]
    torch.distributed.all_gather(size_list, local_size_tensor)
    {extra}
    return int(max(s.item() for s in size_list))
"""


def _fixed(source: str) -> str:
    result = fix_source(source, "operations.py", CODES, unsafe=False)
    assert result.error is None and not result.discarded, result.discarded
    assert result.fixed.get("SYN101") == 1, result.fixed
    return result.text


def _function(text: str) -> Callable[..., int]:
    namespace: dict[str, object] = {}
    exec(compile(text, "operations.py", "exec"), namespace)  # noqa: S102
    function = namespace["largest_size"]
    assert callable(function)
    return function  # type: ignore[return-value]


def _fake_all_gather(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rank r sends local_size + r: every tensor of the list is filled in place."""
    def all_gather(tensors: list[torch.Tensor], tensor: torch.Tensor) -> None:
        for rank, out in enumerate(tensors):
            out.copy_(tensor + rank)
    monkeypatch.setattr(torch.distributed, "all_gather", all_gather, raising=False)


def _outcome(function: Callable[..., int], *args: object) -> object:
    try:
        return function(*args)
    except Exception as exc:  # noqa: BLE001  # both versions must raise alike
        return type(exc)


def test_a_list_of_tensors_made_alike_is_stacked_without_a_dtype_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    source = GATHERED.format(extra="pass")
    fixed = _fixed(source)
    assert "alike" not in fixed and "r.dtype" not in fixed
    assert "torch.stack(" in fixed
    _fake_all_gather(monkeypatch)
    naive, batched = _function(source), _function(fixed)
    cpu = torch.device("cpu")
    for args in ((1000, 4, cpu), (7, 1, cpu), (2**40, 3, cpu), (5, 0, cpu)):
        before, after = _outcome(naive, *args), _outcome(batched, *args)
        assert before == after and type(before) is type(after), args
    assert _outcome(batched, 5, 0, cpu) is ValueError  # max() of no sizes, as before


@pytest.mark.parametrize("extra", [
    "size_list.append(torch.zeros(1))",
    "size_list[0] = size_list[0].float()",
    "size_list[0], other = torch.zeros(1), 1",
    "rebuild(size_list)",
])
def test_a_list_that_may_come_to_hold_other_tensors_keeps_the_check(extra: str) -> None:
    source = GATHERED.format(extra=extra)
    result = fix_source(source, "operations.py", CODES, unsafe=True)
    assert result.fixed.get("SYN101") == 1
    assert "alike" in result.text


def test_tensors_made_from_the_comprehension_variable_keep_the_check() -> None:
    source = """\
import torch


def largest(values: list[int], device: torch.device) -> int:
    made = [torch.tensor(v, device=device) for v in values]
    return int(max(t.item() for t in made))
"""
    result = fix_source(source, "values.py", CODES, unsafe=True)
    assert result.fixed.get("SYN101") == 1
    assert "alike" in result.text
