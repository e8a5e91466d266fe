"""SYN106 sync-in-logging: host reads handed to loggers in per-step code."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
import torch

from synclint.diagnostics import Applicability
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.rules import DEFAULT_CODES
from tests.linter.helpers import rule_findings

STEP = """
import lightning.pytorch as pl
import torch
import wandb


class Model(pl.LightningModule):
    def training_step(self, batch, batch_idx):
        loss = torch.nn.functional.mse_loss(self.net(batch), batch)
        {line}
        return loss
"""


@pytest.mark.parametrize("line", [
    "self.log('loss', loss.item())",
    "self.log('loss', loss.item(), prog_bar=True)",
    "self.log_dict({'loss': loss.item()})",
    "wandb.log({'loss': loss.item()})",
    "print(f'loss {loss.item():.3f}')",
    "print(loss.item())",
    "self.logger.experiment.add_scalar('loss', loss.item(), self.global_step)",
    "self.pbar.set_postfix(loss=loss.item())",
    "self.log('loss', float(loss))",
])
def test_host_read_logged_in_training_step(line: str) -> None:
    (finding,) = rule_findings("SYN106", STEP.format(line=line))
    assert finding.message.endswith("`training_step` runs once per batch")
    assert len(finding.message) <= 100
    assert finding.related and finding.related[0].location.row == 8


@pytest.mark.parametrize("line", [
    "self.log('loss', loss)",
    "self.log('n', float(len(batch)))",
    "self.log('lr', self.lr)",
    "print('step', batch_idx)",
    "wandb.log({'loss': loss.detach()})",
    "if batch_idx % 50 == 0:\n            self.log('loss', loss.item())",
    "if batch_idx == 0:\n            print(loss.item())",
    "if self.verbose:\n            print(loss.item())",
    "if loss.numel() > 1:\n            print(loss.item())",
    # A plain `.numpy()` raises on a GPU tensor: it reads host memory, no sync.
    "wandb.log({'hist': loss.detach().numpy()})",
])
def test_look_alikes_in_training_step(line: str) -> None:
    assert rule_findings("SYN106", STEP.format(line=line)) == []


def test_read_under_a_setting_in_training_step() -> None:
    """A rank-zero guard is a setting, the same on every step: rank 0 reads every step."""
    line = "if self.trainer.is_global_zero:\n            print(loss.item())"
    (finding,) = rule_findings("SYN106", STEP.format(line=line))
    assert finding.message.endswith("when `self.trainer.is_global_zero`"), finding.message
    assert len(finding.message) <= 100
    assert [r.location.row for r in finding.related] == [8, 10]
    assert finding.related[1].message == (
        "runs when `self.trainer.is_global_zero`, a setting the same on every step")


def test_per_epoch_hooks_and_plain_classes_are_not_per_step() -> None:
    source = """
    import lightning.pytorch as pl
    import torch

    class Model(pl.LightningModule):
        def on_train_epoch_end(self):
            self.log('total', self.total.item())

        def setup(self, stage):
            print(self.weights.max().item())

    class Logger:
        def training_step(self, t: torch.Tensor):
            self.log('x', t.item())
    """
    assert rule_findings("SYN106", source) == []


def test_reported_once_by_syn106_not_again_by_syn101() -> None:
    source = textwrap.dedent(STEP.format(line="print(loss.item())"))
    found = lint_source(source, "model.py", DEFAULT_CODES).diagnostics
    assert [d.code for d in found] == ["SYN106"]


def test_in_a_loop_self_log_is_syn106_and_other_loggers_stay_syn101() -> None:
    source = """
    import lightning.pytorch as pl
    import torch

    class Model(pl.LightningModule):
        def validation_step(self, batch, batch_idx):
            for name, head in self.heads.items():
                loss = head(batch).mean()
                self.log(name, loss.item())
                print(name, loss.item())
    """
    found = lint_source(textwrap.dedent(source), "model.py", DEFAULT_CODES).diagnostics
    assert [(d.code, d.location.row) for d in found] == [("SYN106", 9), ("SYN101", 10)]
    assert found[0].message == "`.item()` in `self.log()` syncs with the GPU on every iteration"


# -- the fix, run against a logger that converts values as Lightning does --------------
FIXABLE = """
import torch


class Model(LightningModule):
    def training_step(self, batch, batch_idx):
        loss = torch.mean(batch * 2)
        self.log("loss", loss.item())
        self.log_dict({"half": (loss / 2).item()})
        return loss
"""


class RecordingModule:
    """`log`/`log_dict` as LightningModule does it (lightning 2.x, `__to_tensor` and
    `_ResultMetric.update`): numbers become tensors of the default float dtype (never
    below float32), float tensors keep float32/float64, others are cast."""

    def __init__(self) -> None:
        self.logged: dict[str, torch.Tensor] = {}

    def log(self, name: str, value: Any, **kwargs: Any) -> None:
        dtype = torch.get_default_dtype()
        dtype = dtype if dtype in (torch.float32, torch.float64) else torch.float32
        if isinstance(value, torch.Tensor):
            value = value.clone().detach()
        else:
            value = torch.tensor(value, dtype=dtype)
        if value.dtype not in (torch.float32, torch.float64):
            value = value.to(dtype)
        self.logged[name] = value.squeeze()

    def log_dict(self, values: dict[str, Any], **kwargs: Any) -> None:
        for name, value in values.items():
            self.log(name, value)


def _run(source: str, batch: torch.Tensor) -> dict[str, torch.Tensor]:
    namespace: dict[str, Any] = {"LightningModule": RecordingModule}
    exec(compile(source, "model.py", "exec"), namespace)
    module = namespace["Model"]()
    module.training_step(batch, 0)
    return dict(module.logged)


def _fixed() -> str:
    source = textwrap.dedent(FIXABLE)
    (first, second) = rule_findings("SYN106", source)
    assert first.fix is not None and first.fix.applicability is Applicability.UNSAFE
    assert fix_source(source, "model.py", ["SYN106"]).text == source  # not a safe fix
    result = fix_source(source, "model.py", ["SYN106"], unsafe=True)
    assert 'self.log("loss", loss)' in result.text
    assert 'self.log_dict({"half": (loss / 2)})' in result.text
    return result.text


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_fix_logs_the_same_number(dtype: torch.dtype) -> None:
    fixed = _fixed()
    for seed in range(5):
        batch = torch.randn(7, generator=torch.Generator().manual_seed(seed)).to(dtype)
        before = _run(textwrap.dedent(FIXABLE), batch)
        after = _run(fixed, batch)
        assert before.keys() == after.keys()
        for name in before:
            assert before[name].item() == after[name].item(), (dtype, name)


def test_fix_is_unsafe_for_the_reason_it_gives() -> None:
    # float64: `.item()` rounds through Lightning's float32, the tensor does not.
    batch = torch.tensor([0.1, 0.2, 0.7], dtype=torch.float64)
    before = _run(textwrap.dedent(FIXABLE), batch)
    after = _run(_fixed(), batch)
    assert before["loss"].dtype == torch.float32 and after["loss"].dtype == torch.float64
    assert before["loss"].item() != after["loss"].item()
