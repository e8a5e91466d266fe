"""The output_size fix passes the code's own name for the sum where the code has one
(`total = sum(lengths)` before the call, first statement of its block or not), and the
sum itself otherwise; the fixed function returns what the original returns."""

from __future__ import annotations

import pytest
import torch

from synclint.fixer import fix_source

#: data-dependent-shape: `repeat_interleave` with no output_size reads the total on the host.
CODES = ["SYN111"]


def _naive(total_line: str, before: str) -> str:
    return ("import torch\n\n\n"
            "def naive(parts: list[torch.Tensor], x: torch.Tensor) -> tuple[torch.Tensor, int]:\n"
            f"{before}"
            "    lengths = [p.numel() for p in parts]\n"
            f"{total_line}"
            "    owner = torch.repeat_interleave(torch.tensor(lengths, dtype=torch.long, "
            "device=x.device))\n"
            "    return owner, len(lengths)\n")


def _run(source: str) -> tuple[torch.Tensor, int]:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    naive = namespace["naive"]
    assert callable(naive)
    result = naive([torch.ones(2, 2), torch.ones(3)], torch.zeros(1))
    assert isinstance(result, tuple)
    return result  # type: ignore[return-value]


@pytest.mark.parametrize("before", ["", "    x = x.flatten()\n"],
                         ids=["sum-second-statement", "sum-third-statement"])
def test_the_codes_own_total_is_passed(before: str) -> None:
    source = _naive("    total = sum(lengths)\n", before)
    result = fix_source(source, "example.py", CODES, unsafe=False)
    assert result.error is None and not result.discarded
    assert "output_size=total" in result.text, result.text
    (owner, count), (fixed_owner, fixed_count) = _run(source), _run(result.text)
    assert torch.equal(owner, fixed_owner) and count == fixed_count


def test_without_a_name_the_sum_is_passed() -> None:
    source = _naive("", "")
    result = fix_source(source, "example.py", CODES, unsafe=False)
    assert result.error is None and not result.discarded
    assert "output_size=sum(lengths)" in result.text, result.text
    (owner, _), (fixed_owner, _) = _run(source), _run(result.text)
    assert torch.equal(owner, fixed_owner)
