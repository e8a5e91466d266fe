"""SYN111 data-dependent-shape: outside loops (SYN104 owns the loops), and look-alikes."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Applicability
from synclint.fixer import fix_source
from tests.linter.helpers import rule_findings

CODE = "SYN111"
HEADER = ("import torch\nimport numpy as np\n"
          "def f(x: torch.Tensor, m: torch.Tensor, c: torch.Tensor, n: int, a: np.ndarray):\n")


def outside(*statements: str) -> str:
    return HEADER + "".join(f"    {s}\n" for s in statements)


@pytest.mark.parametrize("statement", [
    "y = torch.repeat_interleave(x, c)", "y = torch.repeat_interleave(x, c, dim=0)",
    "y = x.repeat_interleave(c)", "y = x.repeat_interleave(repeats=c, dim=1)",
    "y = torch.repeat_interleave(c)", "y = torch.where(m > 0)", "r, k = torch.where(x > 0)",
])
def test_hidden_size_reads_are_reported_anywhere_outside_loops(statement: str) -> None:
    assert len(rule_findings(CODE, outside(statement))) == 1, statement


@pytest.mark.parametrize("statements", [
    ("y = len(torch.unique(x))",), ("y = x.nonzero().tolist()",),
    ("idx = m.nonzero().flatten()", "z = idx.tolist()"),
    ("u = x.unique()", "k = u.numel()"), ("b = torch.bincount(c)", "h = b.shape"),
    ("s = torch.masked_select(x, m)", "print(len(s))"),
    ("w = torch.argwhere(m)", "for row in w:", "    pass"),
])
def test_sized_ops_feeding_host_code_are_reported(statements: tuple[str, ...]) -> None:
    assert len(rule_findings(CODE, outside(*statements))) == 1, statements


@pytest.mark.parametrize("statements", [
    ("y = torch.where(m, x, 0)",), ("y = torch.repeat_interleave(x, c, output_size=n)",),
    ("y = x.repeat_interleave(4, dim=0)",), ("y = torch.repeat_interleave(x, n)",),
    ("idx = m.nonzero().squeeze(1)", "z = x.index_fill(0, idx, 0.0)"),
    ("y = np.where(a > 0)",), ("y = len(np.unique(a))",), ("y = a.nonzero()",),
    ("y = torch.nonzero_static(m, size=4)",), ("y = x.cpu().nonzero().tolist()",),
])
def test_fixed_sizes_device_only_uses_and_numpy_are_not_reported(
        statements: tuple[str, ...]) -> None:
    assert rule_findings(CODE, outside(*statements)) == []


def test_in_loops_only_bincount_is_reported_the_rest_is_syn104s() -> None:
    source = HEADER + ("    for _ in range(3):\n        u = len(x.unique())\n"
                       "        w = torch.where(m)\n        r = torch.repeat_interleave(x, c)\n"
                       "        b = torch.bincount(c)\n")
    found = rule_findings(CODE, source)
    assert [d.location.row for d in found] == [8]
    assert len(rule_findings("SYN104", source)) == 3


def _repeat(body: str) -> str:
    return ("import torch\n"
            "def f(x: torch.Tensor, seqs: list[torch.Tensor], sizes, counts: torch.Tensor):\n"
            + "".join(f"    {line}\n" for line in body.split("\n")))


@pytest.mark.parametrize(("body", "fixed"), [
    ("lengths = [len(s) for s in seqs]\nc = torch.tensor(lengths, device=x.device)\n"
     "return torch.repeat_interleave(c)",
     "torch.repeat_interleave(c, output_size=sum(lengths))"),
    ("c = torch.tensor([2, 0, 3], device=x.device)\nreturn x.repeat_interleave(c, dim=0)",
     "x.repeat_interleave(c, dim=0, output_size=5)"),
    ("lengths = [s.numel() for s in seqs]\ntotal = sum(lengths)\n"
     "return torch.repeat_interleave(torch.tensor(lengths, device=x.device)), total",
     "torch.repeat_interleave(torch.tensor(lengths, device=x.device), output_size=total)"),
    ("lengths = [len(s) for s in seqs]\n"
     "return torch.repeat_interleave(torch.tensor(lengths).to(x.device))",
     "output_size=sum(lengths)"),
])
def test_output_size_is_a_safe_fix_where_the_total_is_the_host_lists_sum(
        body: str, fixed: str) -> None:
    (finding,) = rule_findings(CODE, _repeat(body))
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    assert finding.help is not None and "already has the total" in finding.help
    # Compared without layout: a fixed line longer than 88 characters is wrapped.
    text = fix_source(_repeat(body), "x.py", [CODE]).text
    assert "".join(fixed.split()) in "".join(text.replace(",\n", ",").split())


@pytest.mark.parametrize(("body", "why"), [
    ("lengths = [len(s) for s in seqs]\nc = torch.tensor(lengths, device=x.device)\n"
     "return torch.repeat_interleave(x, c)", "one-element count list is repeated"),
    ("c = torch.tensor([3], device=x.device)\nreturn torch.repeat_interleave(x, c)",
     "one-element count list is repeated"),
    ("lengths = []\nfor n in sizes:\n    lengths.append(n)\n"
     "c = torch.tensor(lengths, device=x.device)\nreturn torch.repeat_interleave(c)",
     "CUDA only asserts on the device"),
    ("lengths = [n - 1 for n in sizes]\nc = torch.tensor(lengths, device=x.device)\n"
     "return torch.repeat_interleave(c)", "a negative count"),
])
def test_output_size_is_unsafe_where_the_total_may_not_be_the_sum(body: str, why: str) -> None:
    (finding,) = rule_findings(CODE, _repeat(body))
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "The fix is unsafe: " in finding.help
    assert why in finding.help
    assert fix_source(_repeat(body), "x.py", [CODE]).text == _repeat(body)


@pytest.mark.parametrize("body", [
    "return torch.repeat_interleave(x, counts)",  # from the caller
    "lengths = [len(s) for s in seqs]\nc = torch.tensor(lengths, device=x.device)\n"
    "lengths.append(1)\nreturn torch.repeat_interleave(c)",  # changed in between
    "lengths = [len(s) for s in seqs]\nalias = lengths\n"
    "c = torch.tensor(lengths, device=x.device)\nreturn torch.repeat_interleave(c)",  # alias
    "c = torch.tensor(sizes, device=x.device)\nreturn torch.repeat_interleave(c)",  # unknown
    "lengths = [len(s) for s in seqs]\nc = torch.tensor(lengths, device=x.device)\n"
    "c.add_(1)\nreturn torch.repeat_interleave(c)",  # the tensor changed
    "lengths = [len(s) for s in seqs]\nc = torch.tensor(lengths, device=x.device)\n"
    "g = lambda: torch.repeat_interleave(c)\nreturn g()",  # runs later
    "lengths = [len(s) for s in seqs]\ndef grow():\n    lengths.append(2)\n"
    "c = torch.tensor(lengths, device=x.device)\ngrow()\n"
    "return torch.repeat_interleave(c)",  # a closure changes it
    "lengths = [len(s) for s in seqs]\nc = torch.tensor(lengths, device=x.device)\n"
    "return torch.repeat_interleave(c, out=lengths.pop())",  # another argument changes it
])
def test_output_size_is_help_only_where_the_total_is_not_proven(body: str) -> None:
    (finding,) = rule_findings(CODE, _repeat(body))
    assert finding.fix is None
    assert finding.help == ("Pass `output_size=` (the total, when the host knows it) so no "
                            "sync is needed.")


def test_output_size_fix_in_a_loop_is_syn104s() -> None:
    source = _repeat("for seqs_ in [seqs]:\n    lengths = [len(s) for s in seqs_]\n"
                     "    c = torch.tensor(lengths, device=x.device)\n"
                     "    y = torch.repeat_interleave(c)")
    assert rule_findings(CODE, source) == []
    (finding,) = rule_findings("SYN104", source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    assert "torch.repeat_interleave(c, output_size=sum(lengths))" in fix_source(
        source, "x.py", ["SYN104"]).text


GATHERED = """\
import torch
def f(logits: torch.Tensor, n: int):
    counts = logits.argmax(-1).bincount(minlength=n)
    reads = [counts[i].view(()) for i in range(n)]
    {use}
"""


def test_a_result_gathered_then_read_at_once_still_feeds_the_host() -> None:
    # The batched fix's form of `if counts[i].item() == 0:` in a loop: the fix must not
    # hide the bincount's own sync (tests/robustness/test_mutations.py found it did).
    source = GATHERED.format(use="values = torch.stack(reads).tolist()")
    (finding,) = rule_findings("SYN111", source)
    assert finding.location.row == 3
    for use in ("total = torch.stack(reads).sum()", "values = [r * 2 for r in reads]"):
        assert rule_findings("SYN111", GATHERED.format(use=use)) == []  # stays on the device
