"""Where a tensor lives: each way of making a device tensor, and the look-alike that
makes a CPU tensor (or no tensor), read from the model and through the rules.

A value `x` is bound in the body of a loop, probed, then read with `.item()`: on a device
tensor that is a sync per iteration (SYN101); on a CPU tensor, a NumPy array or a number
it is not.
"""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    F64_TENSOR,
    HOST,
    HOST_TENSOR,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Kind,
)
from tests.model.probe import case_ids, line_of, probe, probes, syncs

HEADER = ("import torch\nimport numpy as np\n\n\n"
          "def f(n: int, t: torch.Tensor, device, arr: np.ndarray):\n"
          "    for _ in range(n):\n")


def in_loop(code: str) -> str:
    """`code` (lines of a loop body that bind `x`) with `x` probed and read on the host."""
    lines = code.strip("\n").split("\n")
    indent = "        "
    if lines[-1].endswith(":"):
        indent += "    "
    body = "".join(f"        {line}\n" for line in lines)
    return HEADER + body + f"{indent}seen(x)\n{indent}print(x.item())\n"


#: (binding of x, the kind it has). Device tensors first, each followed by look-alikes.
DEVICE = [
    ("x = t", TENSOR),
    ("x = t.cuda()", TENSOR),
    ("x = torch.zeros(n, device='cuda')", TENSOR),
    ("x = torch.zeros(n, device='cuda:1')", TENSOR),
    ("x = torch.zeros(n, device=device)", TENSOR),
    ("x = torch.zeros_like(t)", TENSOR),
    ("x = torch.empty_like(t.cuda())", TENSOR),
    ("x = torch.ones_like(torch.zeros(n), device='cuda')", TENSOR),
    ("x = t.to(device)", TENSOR),
    ("x = torch.zeros(n).to(device)", TENSOR),
    ("x = torch.zeros(n).cuda()", TENSOR),
    ("x = torch.arange(n, device='cuda')", TENSOR),
    ("x = t.sum() + 1", TENSOR),
    ("x = t.double()", F64_TENSOR),
    ("x = torch.zeros(n, dtype=torch.float64, device='cuda')", F64_TENSOR),
    ("for x in torch.arange(n, device=device):", TENSOR),
    ("for x in t:", TENSOR),
    # `torch.as_tensor(t)` is `t`; `torch.tensor(t)` copies it on its device.
    ("x = torch.as_tensor(t)", TENSOR),
    ("x = torch.tensor(t.cuda())", TENSOR),
    ("x = torch.as_tensor(t, dtype=torch.float64)", F64_TENSOR),
    # `nn.Parameter(t)` wraps `t` on its device.
    ("x = torch.nn.Parameter(t.cuda())", TENSOR),
]
HOST_LOOK_ALIKES = [
    ("x = torch.zeros(n)", HOST_TENSOR),
    ("x = torch.tensor([1.0, 2.0])", HOST_TENSOR),
    ("x = torch.as_tensor(t.cpu())", HOST_TENSOR),
    ("x = torch.tensor(t, device='cpu')", HOST_TENSOR),
    ("x = torch.as_tensor(arr)", HOST_TENSOR),
    ("x = torch.zeros_like(torch.zeros(n))", HOST_TENSOR),
    ("c = torch.ones(n)\nx = torch.empty_like(c)", HOST_TENSOR),
    ("c = torch.ones(n)\nx = torch.ones_like(c)", HOST_TENSOR),
    ("x = torch.zeros_like(t, device='cpu')", HOST_TENSOR),
    ("x = torch.zeros(n, device='cpu')", HOST_TENSOR),
    ("x = torch.zeros(n, device='cpu:0')", HOST_TENSOR),
    ("x = torch.zeros(n, device=torch.device('cpu'))", HOST_TENSOR),
    ("x = torch.zeros(n, device=torch.device('cpu:0'))", HOST_TENSOR),
    ("x = t.cpu()", HOST_TENSOR),
    ("x = t.to('cpu')", HOST_TENSOR),
    ("x = t.to('cpu:0')", HOST_TENSOR),
    ("x = t.to(device='cpu')", HOST_TENSOR),
    ("x = t.to(torch.device('cpu'))", HOST_TENSOR),
    ("x = t.to('cpu', torch.float64)", HOST_TENSOR),
    ("x = t.cuda().cpu()", HOST_TENSOR),
    ("x = torch.zeros(n).to(torch.float64)", HOST_TENSOR),
    ("x = torch.zeros(n).double()", HOST_TENSOR),
    ("x = torch.zeros(n).sum() + 1", HOST_TENSOR),
    ("x = torch.zeros(n) * t.cpu()", HOST_TENSOR),
    ("x = torch.from_numpy(arr)", HOST_TENSOR),
    ("x = torch.arange(n)[0]", HOST_TENSOR),
    ("for x in torch.arange(n):", HOST_TENSOR),
    ("for x in torch.zeros(n, 3):", HOST_TENSOR),
    ("for x in t.cpu():", HOST_TENSOR),
    ("x = arr", NUMPY),
    ("x = np.zeros(n)", NUMPY),
    ("x = t.cpu().numpy()", NUMPY),
    ("x = 3.0", HOST),
    ("x = n + 1", HOST),
    ("x = t.shape[0]", HOST),
    ("x = t.dtype", HOST),
    ("x = len(t)", HOST),
]


@pytest.mark.parametrize(("code", "expected"), DEVICE, ids=case_ids([c for c, _ in DEVICE]))
def test_device_tensors(code: str, expected: Kind) -> None:
    source = in_loop(code)
    assert probe(source) == expected
    assert expected in DEVICE_TENSORS
    read = source.count("\n")  # the line of `print(x.item())`
    assert f"SYN101:{read}" in syncs(source)


@pytest.mark.parametrize(("code", "expected"), HOST_LOOK_ALIKES,
                         ids=case_ids([c for c, _ in HOST_LOOK_ALIKES]))
def test_host_look_alikes_stay_silent(code: str, expected: Kind) -> None:
    source = in_loop(code)
    assert probe(source) == expected
    read = source.count("\n")  # the line of `print(x.item())`
    assert [s for s in syncs(source) if s.endswith(f":{read}")] == []


def test_set_default_device_makes_factories_device_tensors() -> None:
    """`torch.set_default_device("cuda")` in the file: a factory without `device=` (and
    the elements of a loop over it) may live on the accelerator; `device="cpu"` still
    does not."""
    source = ("import torch\ntorch.set_default_device('cuda')\n\n"
              "def f(n):\n    x = torch.zeros(n)\n    seen(x)\n"
              "    for y in torch.arange(n):\n        seen(y)\n"
              "    seen(torch.zeros(n, device='cpu'))\n")
    assert probes(source) == [TENSOR, TENSOR, HOST_TENSOR]


@pytest.mark.parametrize(("keyword", "sync"), [("", True), (", non_blocking=False", True),
                                                (", non_blocking=True", False)],
                         ids=["plain", "blocking", "non-blocking"])
def test_a_copy_to_the_cpu_syncs_unless_non_blocking(keyword: str, sync: bool) -> None:
    source = in_loop(f"x = t.to('cpu'{keyword})")
    assert probe(source) is HOST_TENSOR
    assert ("SYN101:7" in syncs(source)) is sync


BACKWARD = """\
import numpy as np
import torch


class Trainer:
    def __init__(self, loss_fn, model):
        self.loss_fn, self.model = loss_fn, model

    def step(self, x, y, arr: np.ndarray):
        loss = self.loss_fn(self.model(x), y)
        seen(loss)
        {backward}
        seen(loss)
        host = (torch.from_numpy(arr) ** 2).sum()
        host.backward()
        seen(host)
        return loss.item()

    def fit(self, loader, arr: np.ndarray):
        for x, y in loader:
            self.step(x, y, arr)
"""


def test_a_value_whose_backward_is_called_is_a_tensor_after_it() -> None:
    source = BACKWARD.format(backward="loss.backward()")
    assert probes(source) == [UNKNOWN, TENSOR, HOST_TENSOR]  # a CPU tensor stays one
    assert syncs(source) == [f"SYN101:{line_of(source, 'self.step(x, y, arr)')}"]


@pytest.mark.parametrize("backward", ["loss.detach()", "self.scaler.scale(loss).backward()",
                                      "other = loss"])
def test_no_backward_of_the_name_leaves_it_unknown(backward: str) -> None:
    source = BACKWARD.format(backward=backward)
    assert probes(source)[1] is UNKNOWN
    assert syncs(source) == []


HOST_ARITHMETIC = """\
import torch


def f(R: torch.Tensor, n: int):
    {made}
    for jitter in [1e-8, 1e-6]:
        seen(R)
        A = R[0] + eye * jitter
        seen(A)
        seen(R)
        print(A.sum().item())
"""


@pytest.mark.parametrize("made", ["eye = torch.eye(R.shape[-1])", "eye = torch.arange(n)",
                                  "eye = torch.ones(n, n)", "eye = torch.zeros(R.shape[0])",
                                  "eye = torch.tensor([1.0, 2.0])"])
def test_arithmetic_with_a_shaped_cpu_tensor_proves_the_other_operand_on_the_cpu(
        made: str) -> None:
    source = HOST_ARITHMETIC.format(made=made)
    assert probes(source)[1:] == [HOST_TENSOR, HOST_TENSOR]
    assert syncs(source) == []


@pytest.mark.parametrize("made", ["eye = torch.eye(R.shape[-1], device=R.device)",
                                  "eye = torch.tensor(0.5)", "eye = torch.ones(())",
                                  "eye = torch.ones(n)\n    eye = eye.cuda()",
                                  "size = (n,)\n    eye = torch.ones(size)",
                                  "eye = torch.ones(n)[0]"])
def test_a_device_a_0_d_tensor_or_a_rebound_name_proves_nothing(made: str) -> None:
    source = HOST_ARITHMETIC.format(made=made)
    assert probes(source)[2] in DEVICE_TENSORS
    assert syncs(source) == [f"SYN101:{line_of(source, 'print(A.sum().item())')}"]
