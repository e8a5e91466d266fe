"""Tests for mutants of `fixes/` that survived the suite (benchmarks/mutation.py --scope
fixes, seed 29): the name a merged read takes where `_2` is taken too."""

from __future__ import annotations

import textwrap

from synclint.fixer import fix_source


def test_a_merged_read_takes_the_next_free_number_after_two_taken_names() -> None:
    source = textwrap.dedent("""\
        import torch

        def f(loss: torch.Tensor, acc: torch.Tensor) -> dict[str, float]:
            loss_value = 1
            loss_value_2 = 2
            out = {"loss": loss.float().item(), "acc": acc.float().item()}
            return out
        """)
    result = fix_source(source, "m.py", ["SYN112"], unsafe=True)
    assert result.fixed.get("SYN112") == 1, result.fixed
    assert 'out = {"loss": loss_value_3, "acc": acc_value}' in result.text
    assert "loss_value_3, acc_value = torch.stack(" in result.text
