"""SYN202 per-element-device-move (off by default): per-tensor `.to(device)` before a stack,
and the casts, module moves and ungathered lists that must stay silent."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source
from synclint.rules import ALL_RULES, DEFAULT_CODES
from tests.linter.helpers import rule_findings

CODE = "SYN202"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def positions(source: str) -> list[tuple[int, int]]:
    return [(d.location.row, d.location.column) for d in findings(source)]


SEED = """\
import torch


class GradientHealthMonitor:
    async def unified_norm(self, norms: list[torch.Tensor]) -> torch.Tensor:
        # PERF NOTE: moves each norm on its own for model-parallel setups
        target_device = norms[0].device
        norms_unified = [n.to(target_device) for n in norms]
        return torch.linalg.vector_norm(torch.stack(norms_unified))
"""


def test_rule_is_off_by_default_and_has_no_fix() -> None:
    assert CODE not in DEFAULT_CODES
    assert ALL_RULES[CODE].fixable is False


def test_seed_is_reported_once_on_the_move() -> None:
    found = findings(SEED)
    assert [(d.location.row, d.location.column) for d in found] == [(8, 26)]
    assert (found[0].end_location.row, found[0].end_location.column) == (8, 45)
    assert "torch.stack" in found[0].message
    assert found[0].fix is None


def test_seed_is_not_reported_unless_selected() -> None:
    assert lint_source(SEED, "example.py", DEFAULT_CODES).diagnostics == []


def test_seed_is_suppressed_by_noqa() -> None:
    assert findings(SEED.replace("for n in norms]\n", "for n in norms]  # noqa: SYN202\n")) == []


@pytest.mark.parametrize(
    "body",
    [
        "return torch.stack([n.to(device) for n in norms])",
        "return torch.cat([n.cuda() for n in norms])",
        "return torch.stack([n.cuda(0) for n in norms]).sum()",
        "return sum(n.to(device) for n in norms)",
        "return torch.stack(tuple(n.to(device=device) for n in norms))",
        "return torch.stack([n.to(device, torch.float32) for n in norms])",
        "return torch.stack([n.to(device, non_blocking=True) for n in norms])",
        "moved = [n.to(device) for n in norms]\n    return torch.stack(moved).sum()",
        "return torch.stack([v.to(device) for k, v in stats.items()])",
    ],
)
def test_per_element_moves_gathered_are_reported(body: str) -> None:
    source = (
        "import torch\n"
        "def pipeline_reduce(norms: list[torch.Tensor], stats: dict[str, torch.Tensor], device):\n"
        f"    {body}\n"
    )
    assert len(findings(source)) == 1, body
    # The same code with nothing to show a second device: the moves are no-ops on one.
    assert findings(source.replace("pipeline_reduce", "f")) == [], body


@pytest.mark.parametrize(
    "signature, body",
    [
        ("norms: list[torch.Tensor]", "target = norms[0].device\n"
         "    return torch.stack([n.to(target) for n in norms])"),
        ("norms: list[torch.Tensor], out: torch.Tensor",
         "return torch.stack([n.to(out.device) for n in norms])"),
        ("per_device_norms: list[torch.Tensor], device",
         "return torch.stack([n.to(device) for n in per_device_norms])"),
        ("norms: list[torch.Tensor], devices", "return torch.stack([n.to(devices[0]) for n in norms])"),
    ],
)
def test_each_sign_of_a_second_device_is_enough(signature: str, body: str) -> None:
    source = f"import torch\ndef f({signature}):\n    {body}\n"
    assert len(findings(source)) == 1, body


def test_moves_appended_in_a_loop_then_stacked_are_reported_on_the_move() -> None:
    source = """\
        import torch
        def gather_stages(norms, device):
            moved = []
            for n in norms:
                moved.append(n.to(device))
            return torch.stack(moved)
    """
    assert positions(source) == [(5, 22)]


@pytest.mark.parametrize(
    "body",
    [
        # dtype casts only.
        "return torch.stack([n.to(torch.float64) for n in norms])",
        "return torch.stack([n.to(dtype=torch.float64) for n in norms])",
        "return torch.stack([n.to(dtype) for n in norms])",
        "return torch.stack([n.to(norms[0].dtype) for n in norms])",
        # A single move.
        "return torch.stack([norms[0].to(device)])",
        "return norms[0].to(device)",
        # Modules, not tensors.
        "return torch.stack([m.to(device) for m in model.children()])",
        "return sum(m.to(device) for m in modules)",
        "return sum(m.to(device) for m in self_layers)",
        # Not stacked, concatenated or summed.
        "return [n.to(device) for n in norms]",
        "moved = [n.to(device) for n in norms]\n    return model(*moved)",
        # Moves to the host are SYN101's.
        "return torch.stack([n.to('cpu') for n in norms])",
        # The moved value is not the loop target itself.
        "return torch.stack([torch.tensor(x).to(device) for x in floats])",
        "return torch.stack([(n * 2).to(device) for n in norms])",
    ],
)
def test_look_alikes_are_not_reported(body: str) -> None:
    source = (
        "import torch\n"
        "def f(norms: list[torch.Tensor], model: torch.nn.Module, modules, self_layers,"
        " floats: list[float], device, dtype):\n"
        f"    {body}\n"
    )
    assert findings(source) == [], body


def test_loop_appends_never_gathered_are_not_reported() -> None:
    source = """\
        import torch
        def gather(norms, device):
            moved = []
            for n in norms:
                moved.append(n.to(device))
            return moved
    """
    assert findings(source) == []


def test_file_without_torch_is_not_reported() -> None:
    assert findings("def f(xs, d):\n    return sum(x.to(d) for x in xs)\n") == []


def test_aliased_imports_are_recognised() -> None:
    source = """\
        import torch as T
        from torch import stack
        def reduce_replicas(ns, dev):
            a = T.stack([n.to(dev) for n in ns])
            b = stack([n.cuda() for n in ns])
            return a, b
    """
    assert positions(source) == [(4, 18), (5, 16)]
