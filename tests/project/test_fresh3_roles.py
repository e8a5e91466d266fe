"""Per-step code the third fresh draw showed synclint missing (issue 22, fresh3 B1, B2):
calls in `try:` bodies, stable-baselines3's `train`, transformers' `_prepare_inputs`,
methods handed to an invoker that calls them now; and their look-alikes."""

from __future__ import annotations

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.rules import DEFAULT_CODES


def findings(**files: str) -> list[Diagnostic]:
    sources = {f"{name}.py": text for name, text in files.items()}
    outputs = lint_sources(sources, DEFAULT_CODES)
    for output in outputs.values():
        assert output.error is None, output.error
    return sorted((d for output in outputs.values() for d in output.diagnostics),
                  key=lambda d: (d.filename, d.location.row))


def rows(found: list[Diagnostic]) -> list[tuple[str, int]]:
    return [(d.code, d.location.row) for d in found]


TRY_TRAINER = """\
import torch
from transformers import Trainer


class T(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        try:
            return self._loss(model, inputs)
        except ValueError:
            self.failed.append(inputs["input_ids"].sum().item())
            raise
        finally:
            self.calls += 1

    def _loss(self, model, inputs):
        out = model(**inputs)
        self.m.append(out.loss.detach().mean().item())
        return out.loss
"""


def test_a_call_in_a_try_body_of_per_step_code_is_reported_at_the_call() -> None:
    found = findings(trainer=TRY_TRAINER)
    assert rows(found) == [("SYN101", 8)]
    assert "`compute_loss` runs once per training step" in found[0].message


def test_a_call_in_a_try_else_or_finally_is_per_step_but_not_in_a_handler() -> None:
    base = TRY_TRAINER.replace("            return self._loss(model, inputs)\n",
                               "            pass\n")
    in_else = base.replace("        finally:\n            self.calls += 1\n",
                           "        else:\n            return self._loss(model, inputs)\n")
    assert rows(findings(trainer=in_else)) == [("SYN101", 13)]
    in_finally = base.replace("            self.calls += 1\n",
                              "            self._loss(model, inputs)\n")
    assert rows(findings(trainer=in_finally)) == [("SYN101", 13)]
    in_handler = base.replace("            self.failed.append(inputs[\"input_ids\"].sum().item())\n",
                              "            self._loss(model, inputs)\n")
    assert findings(trainer=in_handler) == []


def test_a_read_in_a_try_body_outside_per_step_code_stays_silent() -> None:
    source = TRY_TRAINER.replace("class T(Trainer):", "class T:")
    assert findings(trainer=source) == []
