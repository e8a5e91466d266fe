"""`torch.equal` and `torch.allclose` take tensors only: a name of unknown kind passed
to them holds a tensor there and after; a host tensor among the arguments keeps the
others as they were."""

from __future__ import annotations

from synclint.analysis.kinds import BOOL_TENSOR, HOST, HOST_TENSOR, TENSOR, UNKNOWN
from tests.model.probe import findings, probes


def test_unknown_names_compared_are_tensors() -> None:
    source = ("import torch\n\ndef f(query, key):\n    seen(query)\n"
              "    same = torch.equal(query, key)\n    seen(query)\n    seen(key)\n")
    assert probes(source) == [UNKNOWN, TENSOR, TENSOR]


def test_allclose_too() -> None:
    source = "import torch\n\ndef f(a, b):\n    torch.allclose(a, b)\n    seen(a)\n"
    assert probes(source) == [TENSOR]


def test_a_host_tensor_compared_leaves_the_other_unknown() -> None:
    source = ("import torch\n\ndef f(ids, other):\n    t = torch.tensor([1, 2])\n"
              "    torch.equal(t, other)\n    seen(other)\n    seen(t)\n")
    assert probes(source) == [UNKNOWN, HOST_TENSOR]


def test_another_comparison_does_not_make_tensors() -> None:
    source = "import numpy as np\n\ndef f(a, b):\n    np.array_equal(a, b)\n    seen(a)\n"
    assert probes(source) == [UNKNOWN]


def test_a_tensor_compared_with_none_is_a_python_bool() -> None:
    # fresh10 F5: `Tensor.__eq__(None)` is `False` without a read; `== 0` is a tensor.
    source = ("import torch\n\ndef f(x: torch.Tensor):\n    g = x.cuda()\n"
              "    seen(g == None)\n    seen(None != g)\n    seen(g == 0)\n")
    assert probes(source) == [HOST, HOST, BOOL_TENSOR]
    loop = ("import torch\n\ndef f(xs: list[torch.Tensor]):\n    for x in xs:\n"
            "        if x.cuda() == None:\n            break\n"
            "        if x.cuda() == 0:\n            break\n")
    assert [(d.code, d.location.row) for d in findings(loop)] == [("SYN102", 7)]
