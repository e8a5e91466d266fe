"""Messages are short by design, never cut: the whole-program messages, whose names and
reasons come from the user's code, pick the longest form that fits in 100 characters
(the full names and the reason stay in `related`); no output format truncates one."""

from __future__ import annotations

import json

import pytest

from synclint.diagnostics import Diagnostic, Location, Related
from synclint.engine import lint_sources
from synclint.report import FORMATS, render
from synclint.rule_info import known_codes
from tests.linter.test_messages import MAX_MESSAGE

LONG_CLASS = "StableDiffusionAttendAndExcitePipelineForConditionalGeneration"
LONG_METHOD = "_perform_iterative_refinement_step_with_attention_control"

LONG_FUNCTION = "compute_token_metadata_for_rotary_embedding"
HELPERS = (
    "import torch\n\n"
    f"class {LONG_CLASS}:\n"
    f"    def {LONG_METHOD}(self, t):\n"
    "        return t.item()\n\n"
    f"def {LONG_FUNCTION}_test(t: torch.Tensor):\n"
    "    if t.any():\n"
    "        return 1\n"
    "    return 0\n\n"
    f"def {LONG_FUNCTION}_shape(t):\n"
    "    return torch.nonzero(t)\n"
)
LOOP = (
    "import torch\n"
    f"from helpers import {LONG_CLASS}, {LONG_FUNCTION}_test, {LONG_FUNCTION}_shape\n\n"
    f"def run(ts: list[torch.Tensor], helper: {LONG_CLASS}):\n"
    "    for t in ts:\n"
    f"        helper.{LONG_METHOD}(t)\n"
    f"        {LONG_FUNCTION}_test(t)\n"
    f"        x = {LONG_FUNCTION}_shape(t)\n"
)
MODEL = (
    "import torch\nfrom torch import nn\n"
    f"from helpers import {LONG_CLASS}\n\n"
    "class TransformerBlockWithRotaryPositionEmbeddingAndGatedMultiLayerPerceptron(nn.Module):\n"
    f"    def __init__(self, helper: {LONG_CLASS}):\n"
    "        super().__init__()\n"
    "        self.helper = helper\n"
    "    def forward(self, x: torch.Tensor):\n"
    "        if x.isnan().any():\n"
    "            x = x.nan_to_num()\n"
    "        y = x[x > 0]\n"
    "        print(x.max().item())\n"
    f"        self.helper.{LONG_METHOD}(x)\n"
    "        return y\n\n"
    "def gradient_statistics_collection_hook_with_a_very_long_descriptive_name(grad):\n"
    "    self_logger_experiment = None\n"
    "    print(grad.norm().item())\n\n"
    "def setup(model):\n"
    "    for p in model.parameters():\n"
    "        p.register_hook(gradient_statistics_collection_hook_with_a_very_long_descriptive_name)\n"
)
PERIODIC = (
    "import torch\n\n"
    "def train(ts: list[torch.Tensor], trainer):\n"
    "    for step, t in enumerate(ts):\n"
    "        if step % trainer.configuration.logging_interval_in_optimizer_steps == 0:\n"
    "            print(t.sum().item())\n"
)


def _findings() -> list[Diagnostic]:
    sources = {"helpers.py": HELPERS, "loop.py": LOOP, "model.py": MODEL,
               "periodic.py": PERIODIC}
    outputs = lint_sources(sources, known_codes())
    assert all(output.error is None for output in outputs.values())
    return [d for output in outputs.values() for d in output.diagnostics]


FOUND = _findings()


def test_the_long_names_reach_every_whole_program_message_form() -> None:
    codes = {(d.filename, d.code) for d in FOUND}
    assert {("loop.py", "SYN101"), ("loop.py", "SYN102"), ("loop.py", "SYN104"),
            ("model.py", "SYN102"), ("model.py", "SYN104"), ("model.py", "SYN106"),
            ("periodic.py", "SYN107")} <= codes, sorted(codes)


@pytest.mark.parametrize("finding", FOUND, ids=[f"{d.filename}:{d.location.row}-{d.code}"
                                                  for d in FOUND])
def test_whole_program_message_fits_and_is_not_cut(finding: Diagnostic) -> None:
    message = finding.message
    assert len(message) <= MAX_MESSAGE, f"{len(message)}: {message}"
    assert not message.endswith(("...", "…")), message
    assert message.count("`") % 2 == 0, message  # no code span cut in half


def test_names_and_reasons_left_out_of_a_message_are_in_related() -> None:
    calls = [d for d in FOUND if d.filename == "loop.py"]
    assert len(calls) == 3
    for finding in calls:
        assert LONG_METHOD in finding.message or LONG_FUNCTION in finding.message
        assert any(r.filename == "helpers.py" for r in finding.related)
    per_step = [d for d in FOUND if d.filename == "model.py" and d.code in ("SYN102", "SYN104")]
    for finding in per_step:
        assert "`forward`" in finding.message
        assert any("`forward` runs on every call of the module" in r.message
                   for r in finding.related)
    (hook,) = [d for d in FOUND if d.filename == "model.py" and d.location.row == 19]
    assert any("is a hook: runs on every backward" in r.message for r in hook.related)


@pytest.mark.parametrize("output_format", FORMATS)
def test_no_output_format_truncates_a_message(output_format: str) -> None:
    message = "a long message " + " ".join(f"word{i}" for i in range(60)) + " end-of-message"
    help_text = "A remedy " + "with many words " * 20 + "end-of-help."
    diagnostic = Diagnostic("SYN101", message, "x.py", Location(1, 1), Location(1, 2),
                            help=help_text,
                            related=(Related("y.py", Location(2, 1), "why " * 40 + "end"),))
    out = render(output_format, [diagnostic], read=lambda name: "x = 1\n")
    if output_format in ("json", "sarif"):
        text = json.dumps(json.loads(out))
        assert json.dumps(message) in text
    else:
        assert message in out.replace("%0A", "\n")


def test_a_name_longer_than_the_budget_is_kept_whole_not_cut() -> None:
    name = "f" + "_very_long" * 12
    helpers = f"import torch\n\ndef {name}(t):\n    return t.item()\n"
    loop = (f"import torch\nfrom helpers import {name}\n\n"
            f"def run(ts: list[torch.Tensor]):\n    for t in ts:\n        {name}(t)\n")
    outputs = lint_sources({"helpers.py": helpers, "loop.py": loop}, known_codes())
    (finding,) = outputs["loop.py"].diagnostics
    assert finding.message == f"`{name}()` syncs with the GPU, once per iteration"


TRAINER = '''
import torch
from transformers import Trainer


class CPOTrainer(Trainer):
    def get_batch_loss_metrics(self, model, batch):
        loss = model(**batch).loss
        self.metrics.append(loss.detach().mean().item())
        return loss

    def {long}(self, logits: torch.Tensor):
        if (logits < 0).any():
            return logits.abs().sum()
        return logits.sum()

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        loss = self.get_batch_loss_metrics(model, inputs)
        if self.beta > 0:
            loss = loss + self.{long}(loss)
        return loss

    def prediction_step(self, model, inputs, prediction_loss_only, ignore_keys=None):
        return self.get_batch_loss_metrics(model, inputs)
'''
LONG_HELPER = "_compute_server_sparse_top_1_divergence_loss"


def test_a_helper_is_named_one_way_in_every_message() -> None:
    """`CPOTrainer.get_batch_loss_metrics()` from `compute_loss` and from `prediction_step`:
    the same name, whatever else the message has room for."""
    source = TRAINER.format(long=LONG_HELPER)
    found = lint_sources({"cpo.py": source}, known_codes())["cpo.py"].diagnostics
    rows = {source.splitlines().index(line) + 1 for line in source.splitlines()
            if "= self.get_batch_loss_metrics(" in line or "return self.get_batch" in line}
    calls = [d for d in found if d.location.row in rows and d.code == "SYN101"]
    assert len(calls) == 2, [(d.location.row, d.message) for d in found]
    for finding in calls:
        assert finding.message.startswith("`CPOTrainer.get_batch_loss_metrics()` "), \
            finding.message


def test_a_long_helper_under_a_setting_keeps_its_name_within_the_budget() -> None:
    source = TRAINER.format(long=LONG_HELPER)
    found = lint_sources({"cpo.py": source}, known_codes())["cpo.py"].diagnostics
    (finding,) = [d for d in found if f"self.{LONG_HELPER}(" in
                  source.splitlines()[d.location.row - 1]]
    # The short setting is named, in the shortest form (issue 22: never "under a setting"
    # where the setting fits).
    assert finding.message == f"`{LONG_HELPER}()` syncs per step when `self.beta > 0`"
    assert len(finding.message) <= MAX_MESSAGE
    assert any(r.message == "runs when `self.beta > 0`, a setting the same on every step"
               for r in finding.related)
