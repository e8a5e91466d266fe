"""Per-step code the third fresh draw showed synclint missing (issue 22, fresh3 B1, B2):
calls in `try:` bodies, stable-baselines3's `train`, transformers' `_prepare_inputs`,
methods handed to an invoker that calls them now; and code it took for per-step (L8):
the rest of a function after an early return off a step interval. Each with look-alikes."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.rules import ALL_RULES
from tests.model.test_summary_syncs import summary_of
from tests.project.test_library_roles import findings


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


SB3_BASE = """\
class BaseAlgorithm:
    def learn(self, total_timesteps):
        while self.num_timesteps < total_timesteps:
            self.collect_rollouts()
            self.train()

    def train(self):
        raise NotImplementedError


class OnPolicyAlgorithm(BaseAlgorithm):
    pass
"""

SB3_ALGO = """\
import torch
from {base_module} import OnPolicyAlgorithm


class A2C(OnPolicyAlgorithm):
    def train(self) -> None:
        loss = self.policy(torch.zeros(3, device="cuda")).mean()
        self.logger.record("train/loss", loss.item())

    def _setup_model(self) -> None:
        self.norms = [p.norm().item() for p in self.policy.parameters()]

    def learn(self, total_timesteps):
        out = super().learn(total_timesteps)
        self.final = [p.abs().max().item() for p in self.policy.parameters()]
        return out
"""


def test_sb3_train_is_per_rollout_and_learn_and_setup_are_once() -> None:
    user = SB3_ALGO.format(base_module="stable_baselines3.common.on_policy_algorithm")
    found = findings(algo=user)
    assert rows(found) == [("SYN101", 8)]
    assert found[0].message.endswith("`train` runs after every rollout")


def test_sb3_own_package_classes_take_the_roles_by_their_names() -> None:
    """stable-baselines3's algorithms derive from its own project classes."""
    found = findings(on_policy_algorithm=SB3_BASE,
                     algo=SB3_ALGO.format(base_module="on_policy_algorithm"))
    assert rows(found) == [("SYN101", 8)]


def test_a_train_method_of_an_unrelated_class_is_not_per_step() -> None:
    source = SB3_ALGO.format(base_module="my_rl.common").replace(
        "OnPolicyAlgorithm", "Algorithm")
    assert [d for d in findings(algo=source) if d.location.row == 8] == []


PREPARE = """\
import torch
from transformers import {base}


class Online({base}):
    def _prepare_inputs(self, batch):
        ids = self.model.generate(input_ids=batch["input_ids"])
        self.lengths.append((ids != 0).sum().item())
        return {{"input_ids": ids}}
"""


def test_a_trainer_prepare_inputs_override_runs_every_training_step() -> None:
    found = findings(trainer=PREPARE.format(base="Trainer"))
    assert rows(found) == [("SYN101", 8)]
    assert found[0].message.endswith("`_prepare_inputs` runs once per training step")
    assert findings(trainer=PREPARE.format(base="PreTrainedModel")) == []


INVOKED = """\
import torch
import torch.utils.checkpoint
from torch import nn
{imports}


class Block(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return {call}

    def _run(self, x):
        self.peak = x.abs().max().item()
        return x * 2
"""


def test_a_method_given_to_checkpoint_runs_where_checkpoint_runs() -> None:
    for imports, call in [
            ("", "torch.utils.checkpoint.checkpoint(self._run, x, use_reentrant=False)"),
            ("from torch.utils.checkpoint import checkpoint",
             "checkpoint(self._run, x, use_reentrant=False)")]:
        found = findings(block=INVOKED.format(imports=imports, call=call))
        assert rows(found) == [("SYN101", 9)], call
        assert "`Block._run()` reads a tensor on the host" in found[0].message


def test_a_method_given_to_a_registrar_or_a_same_named_function_is_not_called() -> None:
    for imports, call in [
            ("import atexit", "atexit.register(self._run, x)"),
            ("from mylib import checkpoint", "checkpoint(self._run, x)"),
            ("", "self.add_callback(self._run)")]:
        assert findings(block=INVOKED.format(imports=imports, call=call)) == [], call
    # A hook registrar keeps the callable for later: its reads are reported where they
    # are, as a hook's, never at the registration.
    found = findings(block=INVOKED.format(imports="", call="x.register_hook(self._run)"))
    assert rows(found) == [("SYN101", 12)]


REDIRECT = """\
import torch
from transformers import Trainer


class T(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        unwrapped = self.accelerator.unwrap_model(model)
        return self._forward_redirection(model, unwrapped, self._loss, unwrapped, {args})

    def _loss(self, unwrapped_model, inputs):
        n = float(inputs["mean_seq_len"][0])
        return unwrapped_model(**inputs).loss * n
"""


def test_a_method_given_to_forward_redirection_gets_the_arguments_after_it() -> None:
    found = findings(trainer=REDIRECT.format(args="inputs"))
    assert rows(found) == [("SYN101", 8)]
    assert "`T._loss()` reads a tensor on the host" in found[0].message
    # A host mapping passed on: the helper reads host values.
    host = REDIRECT.format(args='{"mean_seq_len": [1.0]}')
    assert findings(trainer=host) == []


PERIODIC = """\
import torch
from torch import nn


class Probe(nn.Module):
    def forward(self, x: torch.Tensor, global_step: int = 0):
        y = x.cuda().sum()
        if {test}:
            return y
        self.history.append(y.item())
        self.record(y)
        return y

    def record(self, y):
        self.last = y.item()


def train(model: Probe, batches, log_every: int):
    for step, batch in enumerate(batches):
        model.record_step(batch, step)


class Logged:
    def record_step(self, batch: torch.Tensor, step: int):
        if step % self.log_every != 0:
            return
        self.seen = torch.ones(2, device="cuda").sum().item()
"""


def all_findings(source: str) -> list[Diagnostic]:
    outputs = lint_sources({"probe.py": source}, frozenset(ALL_RULES))
    return sorted((d for output in outputs.values() for d in output.diagnostics),
                  key=lambda d: d.location.row)


def test_an_early_return_off_a_step_interval_makes_the_rest_periodic() -> None:
    """fresh3 L8: as `if global_step % self.log_every == 0:` around the rest would."""
    for test in ("global_step % self.log_every != 0", "global_step % self.log_every",
                 "not global_step % self.log_every == 0"):
        source = PERIODIC.format(test=test)
        assert [d for d in findings(probe=source) if d.location.row in (10, 11)] == [], test
        periodic = [d for d in all_findings(source) if d.code == "SYN107"]
        assert [d.location.row for d in periodic] == [10], test
        assert "every `self.log_every` steps" in periodic[0].message


def test_an_early_return_on_a_size_or_a_fixed_remainder_is_no_interval() -> None:
    for test in ("self.in_channels % self.groups != 0", "global_step % 1 != 0",
                 "global_step % self.log_every == 0"):
        rows_ = [d.location.row for d in findings(probe=PERIODIC.format(test=test))
                 if d.code == "SYN101"]
        assert 10 in rows_, test


def test_a_helper_whose_tail_is_periodic_does_not_sync_on_every_call() -> None:
    source = PERIODIC.format(test="global_step % self.log_every != 0")
    assert summary_of(source, "Logged.record_step").syncs == ()
    assert summary_of(source, "Probe.record").param_effects != ()
    eager = source.replace("        if step % self.log_every != 0:\n            return\n", "")
    assert summary_of(eager, "Logged.record_step").syncs != ()



@pytest.mark.parametrize("remainder", ["1", "offset", "self.offset"])
def test_a_helper_returning_off_another_remainder_syncs_on_every_call(remainder: str) -> None:
    # `step % n != 1` is true on all steps but one in n as well, yet only a test against 0
    # is read as an interval (the walker's rule, `cold._periodic_exit_before`).
    source = PERIODIC.format(test="global_step % self.log_every != 0").replace(
        "step % self.log_every != 0:", f"step % self.log_every != {remainder}:")
    assert summary_of(source, "Logged.record_step").syncs != ()


LAZY = """\
import torch
from transformers import Trainer


class V(Trainer):
    def _estimate(self, inputs):
        scores = self.model(**inputs).logits[:, 0]
        {assign}

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        if self._values is None:
            self._estimate(inputs)
        loss = model(**inputs).loss
        {after}
        return loss
"""


def test_a_lazy_init_through_a_helper_runs_once() -> None:
    """fresh3 L3 (draw #108): the helper sets what the test reads."""
    source = LAZY.format(assign='self._values = {"mean": scores.mean().item()}', after="")
    assert findings(trainer=source) == []
    assert summary_of(source, "V._estimate").assigns == ("_values",)


def test_a_helper_that_sets_something_else_or_a_reset_every_step_is_no_latch() -> None:
    other = LAZY.format(assign='self._other = {"mean": scores.mean().item()}', after="")
    reset = LAZY.format(assign='self._values = {"mean": scores.mean().item()}',
                        after="self._values = None")
    for source in (other, reset):
        found = findings(trainer=source)
        assert rows(found) == [("SYN101", 12)]
        assert "when `self._values is None`" in found[0].message
