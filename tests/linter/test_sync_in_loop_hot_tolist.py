"""SYN101: `t_list = t.tolist()` right before a loop that reads the list, or `for v in
t.tolist():`, is the batched fix's own form inside an outer loop (one transfer per inner
loop, not reported); in per-step code with no outer loop it is one sync per call, reported
as the same read with no loop after it is (diffusers lumina2, qwenimage21; transformers
lfm3_vl)."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

CODE = "SYN101"

FORWARD = ("import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n"
           "    def forward(self, x: torch.Tensor, mask: torch.Tensor):\n")
HELPER = "import torch\n\n\ndef helper(x: torch.Tensor, mask: torch.Tensor):\n"

BEFORE_A_LOOP = ("        lengths = mask.sum(dim=1).tolist()\n"
                 "        for i, n in enumerate(lengths):\n            x[i, n:] = 0\n"
                 "        return x\n")
ITERATED = ("        for i, n in enumerate(mask.sum(dim=1).tolist()):\n            x[i, n:] = 0\n"
            "        return x\n")
NO_LOOP = "        lengths = mask.sum(dim=1).tolist()\n        return x, lengths\n"


@pytest.mark.parametrize("body", [BEFORE_A_LOOP, ITERATED, NO_LOOP],
                         ids=["before-a-loop", "iterated", "no-loop"])
def test_one_tolist_per_forward_is_reported_whatever_follows(body: str) -> None:
    [finding] = rule_findings(CODE, FORWARD + body)
    assert finding.location.row == 7
    assert "`forward` runs on every call" in finding.message


@pytest.mark.parametrize("body", [BEFORE_A_LOOP, ITERATED, NO_LOOP],
                         ids=["before-a-loop", "iterated", "no-loop"])
def test_the_same_read_in_a_plain_helper_is_not_reported(body: str) -> None:
    source = HELPER + "\n".join(line[4:] for line in body.splitlines()) + "\n"
    assert rule_findings(CODE, source) == []


@pytest.mark.parametrize("inner", [
    "        row_list = row.tolist()\n        for v in row_list:\n            out.append(v)\n",
    "        for v in row.tolist():\n            out.append(v)\n",
], ids=["before-the-inner-loop", "iterated-by-the-inner-loop"])
def test_inside_an_outer_loop_the_batched_form_is_not_reported(inner: str) -> None:
    source = ("import torch\n\n\ndef f(rows: torch.Tensor):\n    out = []\n"
              "    for row in rows:\n" + inner.replace("        ", "    " * 2)
              + "    return out\n")
    assert rule_findings(CODE, source) == []
