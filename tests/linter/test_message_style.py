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
    # Long reads a related note names, long guards, a long helper under a setting.
    "import torch\ndef f(chosen_rewards_of_the_batch: torch.Tensor, rejected: torch.Tensor):\n"
    "    a = chosen_rewards_of_the_batch.softmax(dim=0).mean().clamp(min=0.0, max=1.0).item()\n"
    "    b = (\n        (chosen_rewards_of_the_batch - rejected).abs().mean()\n    ).item()\n"
    "    c = float(torch.sigmoid(chosen_rewards_of_the_batch - rejected.mean().abs()).sum())\n"
    "    return a, b, c\n",
    "import torch\nfrom transformers import Trainer\nclass T(Trainer):\n"
    "    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):\n"
    "        loss = model(**inputs).loss\n"
    "        if hasattr(self.uld_loss_fn, 'last_matched_loss') and "
    "hasattr(self.uld_loss_fn, 'last_unmatched_loss'):\n"
    "            if self.args.missing_eos_penalty_for_every_sequence is not None:\n"
    "                self.metrics.append(loss.item())\n"
    "        if self.beta > 0:\n"
    "            loss = loss + self._compute_server_sparse_top_1_divergence_loss(loss)\n"
    "        return loss\n"
    "    def _compute_server_sparse_top_1_divergence_loss(self, logits: torch.Tensor):\n"
    "        if (logits < 0).any():\n            return logits.abs().sum()\n"
    "        return logits.sum()\n",
)


def _cases() -> list[tuple[str, dict[str, str]]]:
    """(name, {file name: source}) of every source the texts are read from. Only sources are
    gathered here; linting happens in the tests, so that each rule's code runs inside one."""
    cases = [(f"extra-{i}", {"example.py": source}) for i, source in enumerate(EXTRA)]
    for code, rule in ALL_RULES.items():
        for i, example in enumerate(rule.INVALID):
            source = example.code if isinstance(example, Example) else example
            cases.append((f"{code}-invalid-{i}", {"example.py": source}))
    for snippet in precision.load_snippets():
        files = ({str(p): text for p, text in snippet.files} if snippet.files
                 else {str(snippet.path): snippet.source})
        cases.append((snippet.path.name, files))
    return cases


CASES = _cases()


def _texts(files: dict[str, str]) -> list[tuple[str, str, str]]:
    """(code, "message" or "help", text) of every finding of every rule in `files`."""
    found: list[Diagnostic] = []
    if len(files) == 1:
        [(name, source)] = files.items()
        found.extend(lint_source(source, name, CODES).diagnostics)
    else:
        found.extend(d for output in lint_sources(files, CODES).values()
                     for d in output.diagnostics)
    return ([(d.code, "message", d.message) for d in found]
            + [(d.code, "help", d.help) for d in found if d.help])


def test_the_texts_cover_every_rule_that_has_examples() -> None:
    codes = {code for _, files in CASES if "example.py" in files
             for code, _, _ in _texts(files)}
    assert codes >= {c for c, r in ALL_RULES.items() if r.INVALID}


@pytest.mark.parametrize("files", [files for _, files in CASES],
                         ids=[name for name, _ in CASES])
def test_texts_are_sentences_with_closed_quotes_and_brackets(files: dict[str, str]) -> None:
    for code, kind, text in _texts(files):
        where = f"{code} {kind}: {text}"
        assert re.match(r"[A-Z`0-9]", text), f"starts in lower case: {where}"
        assert text.count("`") % 2 == 0, f"an unclosed backtick: {where}"
        plain = _QUOTED.sub("``", text)
        assert plain.count("(") == plain.count(")"), f"unbalanced brackets: {where}"
        assert plain.count("[") == plain.count("]"), f"unbalanced brackets: {where}"
        assert _SHOUTING.search(plain) is None, f"shouting: {where}"


#: `...` inside code quotes as a whole argument or element (`torch.tensor(..., device=...)`,
#: `float(...)`, `metric(...)`): the only dots a quote may hold; anything else is a cut.
_WHOLE_ELLIPSIS = re.compile(r"(?<=[(\[,=] )\.\.\.(?=[)\],])|(?<=[(\[=])\.\.\.(?=[)\],])")


def _findings(files: dict[str, str]) -> list[Diagnostic]:
    if len(files) == 1:
        [(name, source)] = files.items()
        return list(lint_source(source, name, CODES).diagnostics)
    return [d for output in lint_sources(files, CODES).values() for d in output.diagnostics]


def test_the_ellipsis_pattern_tells_a_placeholder_from_a_cut() -> None:
    for whole in ("torch.tensor(..., device=...)", "float(...)", "x[..., 0]"):
        assert "..." not in _WHOLE_ELLIPSIS.sub("", whole), whole
    for cut in ("self.accelerator.gather_for_metrics(x).mea...", "...(tokens)....",
                "f(a, b...)"):
        assert "..." in _WHOLE_ELLIPSIS.sub("", cut), cut


@pytest.mark.parametrize("files", [files for _, files in CASES],
                         ids=[name for name, _ in CASES])
def test_no_message_or_related_note_is_cut(files: dict[str, str]) -> None:
    """Messages and related notes quote code whole: a `...` in a quote is a placeholder for
    a whole argument, never the end of a cut snippet; no phrase is said twice."""
    for finding in _findings(files):
        for text in (finding.message, *(r.message for r in finding.related)):
            where = f"{finding.code}: {text}"
            assert "...." not in text and "…" not in text, where
            for quote in _QUOTED.findall(text):
                assert "..." not in _WHOLE_ELLIPSIS.sub("", quote), where
            assert text.count("under a setting") <= 1, where
            assert "a setting holds" not in text, where
        assert len(finding.message) <= 100, f"{finding.code}: {finding.message}"
