"""A loop that also counts the repeats of a list by its element (`[w] * (n // w)`, as
transformers' Qwen3 audio chunk lengths do) reads that element on the host on every
iteration: batching the loop's other reads would add lines and keep the stall, so the
batched fix is refused with that reason; a count that is not the element keeps the fix."""

from __future__ import annotations

import textwrap

from synclint.engine import lint_source
from synclint.fixer import fix_source

LOOP = """\
    import torch

    def chunk_lengths(feature_lens: torch.Tensor, window: int) -> list:
        lens = (feature_lens - 1) // 2 + 1
        chunks = [0]
        for n in lens:
            chunks += [window] * ({count})
            remainder = n % window
            if remainder != 0:
                chunks += [remainder]
        return chunks
    """


def _outcome(count: str) -> tuple[bool, str]:
    source = textwrap.dedent(LOOP.format(count=count))
    result = fix_source(source, "m.py", ("SYN102",), unsafe=True)
    assert result.error is None and not result.discarded
    found = [d for d in lint_source(source, "m.py", ("SYN102",)).diagnostics]
    assert [d.code for d in found] == ["SYN102"]
    return bool(result.fixed.get("SYN102")), found[0].help or ""


def test_a_list_repeated_by_the_loop_element_refuses_the_batched_fix() -> None:
    fixed, help_text = _outcome("n // window")
    assert not fixed
    assert "`(n // window)` counts the repeats of a list on every iteration" in help_text


def test_a_list_repeated_by_a_host_count_keeps_the_fix() -> None:
    fixed, help_text = _outcome("window // 2")
    assert fixed
    assert "counts the repeats" not in help_text
