"""SYN301 reads a squared sum's origin through `zip` and `enumerate` (the batched fix's own
loops, `for t, flag in zip(model.parameters(), flags)`): fixing a loop's other finding
must not lose it (found by tests/robustness/test_fuzz_properties.py)."""

from __future__ import annotations

from synclint.engine import lint_source
from synclint.fixer import fix_source

HEAD = "import torch\n\n\nclass Monitor:\n    def step(self, flags: list[bool]):\n"


def _codes(body: str) -> list[str]:
    return [d.code for d in lint_source(HEAD + body, "m.py", ["SYN301"]).diagnostics]


def test_a_parameter_walked_through_zip_or_enumerate_is_a_norm_origin() -> None:
    zipped = ("        for t, flag in zip(self.model.parameters(), flags):\n"
              "            s = (t * t).sum()\n")
    numbered = ("        for i, t in enumerate(self.model.parameters()):\n"
                "            s = (t * t).sum()\n")
    assert _codes(zipped) == ["SYN301"] and _codes(numbered) == ["SYN301"]


def test_the_other_element_of_the_zip_is_not() -> None:
    other = ("        for t, x in zip(self.model.parameters(), flags):\n"
             "            s = (x * x).sum()\n")
    counter = ("        for x, t in enumerate(self.model.parameters()):\n"
               "            s = (x * x).sum()\n")
    assert _codes(other) == [] and _codes(counter) == []


def test_fixing_the_nan_test_keeps_the_squared_sum_finding() -> None:
    source = (HEAD + "        for t in self.model.parameters():\n"
              "            if torch.isnan(t).any():\n"
              "                total = 0\n"
              "                total += (t * t).sum()\n")
    assert sorted(d.code for d in lint_source(source, "m.py", ["SYN102", "SYN301"])
                  .diagnostics) == ["SYN102", "SYN301"]
    result = fix_source(source, "m.py", ("SYN102", "SYN301"), unsafe=True)
    assert result.fixed.get("SYN102")
    assert [d.code for d in lint_source(result.text, "m.py", ["SYN301"]).diagnostics] == \
        ["SYN301"]
