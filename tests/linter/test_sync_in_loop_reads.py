"""SYN101 sync-in-loop: every spelling of a host read in a loop is reported once, at the
read, and its look-alikes (host tensors, non-blocking copies, moves to a device, NumPy) are
not."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

CODE = "SYN101"


def in_loop(*statements: str) -> str:
    body = "".join(f"        {statement}\n" for statement in statements)
    return ("import torch\n"
            "import numpy as np\n"
            "def f(ts: list[torch.Tensor], arrays: list[np.ndarray]):\n"
            "    for t in ts:\n" + body)


READS = [
    ("t.item()", "`.item()`"),
    ("t.tolist()", "`.tolist()`"),
    ("t.cpu()", "`.cpu()`"),
    ("t.numpy()", "`.numpy()`"),
    ("t.to('cpu')", "`.to('cpu')`"),
    ("t.to(device='cpu')", "`.to('cpu')`"),
    ("t.to(device=torch.device('cpu'))", "`.to('cpu')`"),
    ("t.to('cpu', non_blocking=False)", "`.to('cpu')`"),
    ("float(t)", "`float()` of a tensor"),
    ("int(t)", "`int()` of a tensor"),
    ("bool(t)", "`bool()` of a tensor"),
]


@pytest.mark.parametrize(("read", "what"), READS, ids=[r for r, _ in READS])
def test_each_host_read_in_a_loop_is_reported_at_the_read(read: str, what: str) -> None:
    [finding] = rule_findings(CODE, in_loop(f"value = {read}"))
    assert (finding.location.row, finding.location.column) == (5, 17)
    assert finding.message == f"{what} in a loop syncs with the GPU on every iteration"


LOOK_ALIKES = [
    # Non-blocking copies do not wait.
    "value = t.to('cpu', non_blocking=True)",
    "value = t.to(device='cpu', non_blocking=True)",
    # Moves to a device, and conversions that stay where the tensor is.
    "value = t.to(device='cuda')",
    "value = t.to(dtype=torch.float64)",
    "value = t.to(torch.float16)",
    # NumPy arrays: .numpy() of an unknown receiver is not a tensor read.
    "value = [a.numpy() for a in arrays]",
    "value = np.asarray(arrays[0]).item()",
    # Metadata.
    "value = int(t.numel())",
]


@pytest.mark.parametrize("statement", LOOK_ALIKES)
def test_look_alikes_of_host_reads_are_not_reported(statement: str) -> None:
    assert rule_findings(CODE, in_loop(statement)) == []


def test_numpy_of_a_tensor_already_on_the_host_is_not_a_second_read() -> None:
    found = rule_findings(CODE, in_loop("h = t.cpu()", "value = h.numpy()"))
    assert [(d.location.row, d.message.split(" ")[0]) for d in found] == [(5, "`.cpu()`")]
