"""SYN105 host-to-device-in-loop: blocking copies of host data in loops, and the idioms that
must stay silent (DataLoader batches, non-blocking copies, device factories)."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from tests.linter.helpers import rule_findings

CODE = "SYN105"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def positions(source: str) -> list[tuple[int, int]]:
    return [(d.location.row, d.location.column) for d in findings(source)]


def in_loop(statement: str) -> str:
    return (
        "import torch\nimport numpy as np\n"
        "def f(values, arrays: list[np.ndarray], device, t: torch.Tensor):\n"
        "    for v, a in zip(values, arrays):\n"
        f"        {statement}\n"
    )


@pytest.mark.parametrize(
    "statement",
    [
        "x = torch.tensor(v, device=device)",
        "x = torch.tensor(v, dtype=torch.float32, device='cuda')",
        "x = torch.tensor(v, device=t.device)",
        "x = torch.as_tensor(v, device=device)",
        "x = torch.as_tensor(a, torch.float32, 'cuda:0')",
        "x = torch.asarray(v, device=device)",
        "x = torch.tensor(v).to(device)",
        "x = torch.tensor(v).to('cuda', torch.float16)",
        "x = torch.tensor(v).to(device=device)",
        "x = torch.tensor(v).to(t)",
        "x = torch.tensor(v).cuda()",
        "x = torch.from_numpy(a).to(device)",
        "x = torch.from_numpy(a).float().cuda()",
        "x = torch.zeros(3).to(device, non_blocking=False)",
        "x = torch.ones(4).to(torch.device('cuda'))",
    ],
)
def test_blocking_host_to_device_copy_in_a_loop_is_reported(statement: str) -> None:
    assert len(findings(in_loop(statement))) == 1, statement


@pytest.mark.parametrize(
    "statement",
    [
        "x = v.to(device)",
        "x = v.cuda()",
        "x = torch.tensor(v)",
        "x = torch.tensor(v, device='cpu')",
        "x = torch.tensor(v, device=None)",
        "x = torch.as_tensor(v, device=torch.device('cpu'))",
        "x = torch.as_tensor(t, device=t.device)",
        "x = torch.zeros(3, device=device)",
        "x = torch.ones(3, device=device)",
        "x = torch.full((2,), 1.0, device=device)",
        "x = torch.arange(8, device=device)",
        "x = torch.empty(8, device=device)",
        "x = torch.randn(8, device=device)",
        "x = torch.zeros_like(t)",
        "x = torch.tensor(v).to(torch.float64)",
        "x = torch.tensor(v).to(dtype=torch.float16)",
        "x = torch.tensor(v).to('cpu')",
        "x = torch.tensor(v).to(torch.tensor(0))",
        "x = torch.from_numpy(a).pin_memory().to(device, non_blocking=True)",
        "x = torch.from_numpy(a).cuda(non_blocking=True)",
        "x = t.to(device)",
        "x = t.cuda()",
        "x = t.cpu()",
    ],
)
def test_look_alikes_in_a_loop_are_not_reported(statement: str) -> None:
    assert findings(in_loop(statement)) == []


def test_dataloader_batches_are_the_standard_idiom() -> None:
    source = """\
        import torch

        def train(model, loader, optimizer, device):
            for inputs, targets in loader:
                inputs, targets = inputs.to(device), targets.to(device)
                optimizer.zero_grad()
                loss = model(inputs).sub(targets).pow(2).mean()
                loss.backward()
                optimizer.step()
    """
    assert positions(source) == []


def test_rollout_loop_reports_each_blocking_copy() -> None:
    source = """\
        import numpy as np
        import torch

        def rollout(env, policy, steps: int, device: torch.device):
            obs = env.reset()
            rewards = []
            for step in range(steps):
                obs_t = torch.from_numpy(np.asarray(obs)).float().to(device)
                action = policy(obs_t)
                obs, reward, done, info = env.step(action)
                rewards.append(torch.tensor(reward, device=device))
                mask = torch.zeros(1, device=device)
            return rewards
    """
    found = findings(source)
    assert [(d.location.row, d.location.column) for d in found] == [(8, 17), (11, 24)]
    assert "`.to(device)` of a host tensor in a loop" in found[0].message
    assert "non_blocking=True" in (found[0].help or "")
    assert "copy per iteration" in found[1].message
    assert all(d.fix is None for d in found)


def test_host_tensor_built_before_the_loop_and_moved_inside_is_reported() -> None:
    source = """\
        import torch

        def f(n: int, device):
            table = torch.arange(100)
            while n > 0:
                lookup = table.to(device)
                n -= 1
    """
    assert positions(source) == [(6, 18)]


def test_comprehension_and_aliases() -> None:
    source = """\
        import torch as T
        from torch import tensor

        def f(episodes, device):
            a = [T.tensor(e, device=device) for e in episodes]
            b = [tensor(e, device=device) for e in episodes]
            c = tensor(episodes[0], device=device)
            return a, b, c
    """
    found = findings(source)
    assert [(d.location.row, d.location.column) for d in found] == [(5, 10), (6, 10)]
    assert "in a comprehension" in found[0].message


def test_outside_loops_and_in_nested_functions_is_not_reported() -> None:
    source = """\
        import torch

        lookup = torch.tensor([1, 2, 3], device="cuda")

        def f(values, device):
            for v in values:
                def convert(x):
                    return torch.tensor(x, device=device)
                yield convert(v)
    """
    assert positions(source) == []


def test_noqa_suppresses_the_finding() -> None:
    source = """\
        import torch

        def f(values, device):
            for v in values:
                x = torch.tensor(v, device=device)  # noqa: SYN105
                y = torch.tensor(v, device=device)
    """
    assert positions(source) == [(6, 13)]
