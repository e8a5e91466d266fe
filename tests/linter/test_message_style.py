"""Every message and help text, on every rule's examples and the labelled precision set,
reads as ruff's do: a sentence that starts with a capital (or a quoted name, or a count),
brackets and backticks that close, and no shouting."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source, lint_sources
from synclint.rules import ALL_RULES
from synclint.rules.base import Example

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import precision  # noqa: E402

CODES = sorted(ALL_RULES)
_QUOTED = re.compile(r"`[^`]*`")
#: Three capitalised words in a row outside backticks: shouting ("SORT ON THE DEVICE").
_SHOUTING = re.compile(r"\b[A-Z]{2,}\b(?:\W+\b[A-Z]{2,}\b){2,}")


#: Paths the rules' examples and the labelled set do not take.
EXTRA = (
    "import torch\ndef f(m: torch.Tensor):\n    return torch.where(m)\n",
    "import torch\ndef f(t: torch.Tensor):\n    return t.is_nonzero()\n",
    "import torch\ndef f(t: torch.Tensor):\n    return torch.is_nonzero(t)\n",
    "import torch\ndef f(tokens: torch.Tensor, eos: int):\n    return eos in tokens\n",
    "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n    return torch.tensor([a.sum(), b.sum()])\n",
    "import torch\ndef f(ts: list[torch.Tensor], device):\n    return sum([t.to(device) for t in ts])\n",
    "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        y = t[[0, 2, 3]]\n",
    "import torch\ndef f(ts: list[torch.Tensor]):\n    ts.sort(reverse=True)\n",
    "import torch\nclass M(torch.nn.Module):\n    def forward(self, x: torch.Tensor):\n        print(x)\n        return x\n",
)


def _all_findings() -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for source in EXTRA:
        found.extend(lint_source(source, "example.py", CODES).diagnostics)
    for rule in ALL_RULES.values():
        for example in rule.INVALID:
            source = example.code if isinstance(example, Example) else example
            found.extend(lint_source(source, "example.py", CODES).diagnostics)
    for snippet in precision.load_snippets():
        if snippet.files:
            outputs = lint_sources({str(p): text for p, text in snippet.files}, CODES)
            found.extend(d for output in outputs.values() for d in output.diagnostics)
        else:
            found.extend(lint_source(snippet.source, str(snippet.path), CODES).diagnostics)
    return found


FINDINGS = _all_findings()
TEXTS = sorted({(d.code, "message", d.message) for d in FINDINGS}
               | {(d.code, "help", d.help) for d in FINDINGS if d.help})


def test_the_texts_cover_every_rule_that_has_examples() -> None:
    assert {code for code, _, _ in TEXTS} >= {c for c, r in ALL_RULES.items() if r.INVALID}


@pytest.mark.parametrize(("code", "kind", "text"), TEXTS,
                         ids=[f"{c}-{k}-{i}" for i, (c, k, _) in enumerate(TEXTS)])
def test_text_is_a_sentence_with_closed_quotes_and_brackets(code: str, kind: str,
                                                            text: str) -> None:
    assert re.match(r"[A-Z`0-9]", text), f"starts in lower case: {text}"
    assert text.count("`") % 2 == 0, f"an unclosed backtick: {text}"
    plain = _QUOTED.sub("``", text)
    assert plain.count("(") == plain.count(")"), f"unbalanced brackets: {text}"
    assert plain.count("[") == plain.count("]"), f"unbalanced brackets: {text}"
    assert _SHOUTING.search(plain) is None, f"shouting: {text}"
