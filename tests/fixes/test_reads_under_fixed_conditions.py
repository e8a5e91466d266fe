"""A loop whose every read of a tensor runs under a condition the loop does not change
(Autoformer reads its delays only in training) gets no `.tolist()` of that tensor ahead of
it: where the condition does not hold the loop reads nothing, and the list would add a
sync. A condition that changes with the element does not stop the list form."""

from __future__ import annotations

import textwrap

from synclint.fixer import fix_source

CODES = ("SYN101",)


def _fixed(source: str) -> str:
    result = fix_source(textwrap.dedent(source), "m.py", CODES, unsafe=True)
    assert result.error is None and not result.discarded, result.discarded
    assert result.fixed.get("SYN101"), result.fixed
    return result.text


def test_an_iterated_tensor_read_only_when_a_flag_holds_is_not_listed_ahead() -> None:
    fixed = _fixed("""\
        import torch

        def f(x: torch.Tensor, training: bool) -> list[int]:
            ids = torch.nonzero(x).flatten()
            out = []
            for i in ids:
                if training:
                    out.append(i.item())
            return out
        """)
    assert "ids.tolist()" not in fixed
    assert "for i in ids if training]" in fixed  # the first pass keeps the condition


def test_an_indexed_tensor_read_only_when_a_flag_holds_is_not_listed_ahead() -> None:
    fixed = _fixed("""\
        import torch

        def f(x: torch.Tensor, n: int, training: bool) -> list[int]:
            ids = torch.nonzero(x).flatten()
            out = []
            for k in range(n):
                if not training:
                    continue
                out.append(ids[k].item())
            return out
        """)
    assert "ids.tolist()" not in fixed


def test_a_condition_on_the_element_keeps_the_list_form() -> None:
    fixed = _fixed("""\
        import torch

        def f(x: torch.Tensor) -> list[int]:
            ids = torch.nonzero(x).flatten()
            out = []
            for i in ids:
                if i > 2:
                    out.append(i.item())
            return out
        """)
    assert "for i in ids.tolist():" in fixed
