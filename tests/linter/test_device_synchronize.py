"""SYN103 device-synchronize: aliases, look-alikes, the default-off switch and the message."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source
from synclint.rules import ALL_RULES, DEFAULT_CODES
from tests.linter.helpers import rule_findings

CODE = "SYN103"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def test_rule_is_off_by_default_and_has_no_fix() -> None:
    assert CODE not in DEFAULT_CODES
    assert ALL_RULES[CODE].fixable is False


def test_default_rules_do_not_report_synchronize() -> None:
    source = "import torch\ntorch.cuda.synchronize()\n"
    output = lint_source(source, "example.py", DEFAULT_CODES)
    assert [d for d in output.diagnostics if d.code == CODE] == []


def test_seed_rollback_is_reported_at_the_call() -> None:
    source = """\
        import torch

        class Governor:
            def execute_rollback(self, model, device: torch.device) -> None:
                state_on_device = {
                    k: v.to(device, non_blocking=True) if isinstance(v, torch.Tensor) else v
                    for k, v in self.last_good_state.items()
                }
                if device.type == "cuda":
                    torch.cuda.synchronize(device)
                model.load_state_dict(state_on_device)
    """
    (finding,) = findings(source)
    assert (finding.location.row, finding.location.column) == (10, 13)
    assert (finding.end_location.row, finding.end_location.column) == (10, 43)
    assert finding.fix is None
    assert "torch.cuda.current_stream().synchronize()" in (finding.help or "")
    assert "event" in (finding.help or "")
    assert "judgement call" in (finding.help or "")


@pytest.mark.parametrize(
    ("imports", "call"),
    [
        ("import torch", "torch.cuda.synchronize()"),
        ("import torch", "torch.cuda.synchronize(device)"),
        ("import torch", "torch.cuda.synchronize(device='cuda:0')"),
        ("import torch as T", "T.cuda.synchronize()"),
        ("import torch.cuda", "torch.cuda.synchronize()"),
        ("import torch.cuda as tc", "tc.synchronize(0)"),
        ("from torch import cuda", "cuda.synchronize()"),
        ("from torch.cuda import synchronize", "synchronize()"),
        ("from torch.cuda import synchronize as wait_all", "wait_all()"),
        ("import torch", "torch.accelerator.synchronize()"),
    ],
)
def test_every_spelling_of_a_device_wide_synchronize_is_reported(imports: str, call: str) -> None:
    source = f"{imports}\n\ndef step(device):\n    {call}\n"
    assert len(findings(source)) == 1


@pytest.mark.parametrize(
    "call",
    [
        "torch.cuda.current_stream().synchronize()",
        "torch.cuda.current_stream(device).synchronize()",
        "torch.cuda.default_stream().synchronize()",
        "torch.cuda.Stream().synchronize()",
        "event.synchronize()",
        "stream.synchronize()",
        "dist.barrier()",
        "torch.distributed.barrier()",
        "xm.mark_step()",
        "other.cuda.synchronize()",
    ],
)
def test_narrower_waits_and_other_libraries_are_not_reported(call: str) -> None:
    source = (
        "import torch\nimport torch.distributed as dist\n\n"
        "def step(device, event, stream, xm, other):\n"
        f"    {call}\n"
    )
    assert findings(source) == []


def test_torch_without_a_visible_import_is_still_recognised() -> None:
    assert len(findings("def timed(fn):\n    fn()\n    torch.cuda.synchronize()\n")) == 1


def test_every_call_in_a_benchmark_loop_is_reported() -> None:
    source = """\
        import time
        import torch

        def bench(fn, steps: int) -> float:
            torch.cuda.synchronize()
            start = time.perf_counter()
            for _ in range(steps):
                fn()
            torch.cuda.synchronize()  # noqa: SYN103
            return time.perf_counter() - start
    """
    assert [d.location.row for d in findings(source)] == [5]
