"""Statements and expressions the evaluation reads besides calls of project functions:
assignments of every form, loops, `with`, `try`, `match`, comprehensions, operators,
attributes, library calls. Each device fact has a host look-alike."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    F64_TENSOR,
    HOST,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Kind,
    Mapping,
    Seq,
    Tup,
)
from tests.model.probe import case_ids, probes

HEADER = ("import math\nimport torch\nimport torch.nn.functional as F\nimport numpy as np\n\n\n"
          "def f(n: int, t: torch.Tensor, model: torch.nn.Module, arr: np.ndarray, u):\n"
          "    dev = t.cuda()\n    cpu = t.cpu()\n")


def body(code: str) -> str:
    return HEADER + "".join(f"    {line}\n" for line in code.strip("\n").split("\n"))


CASES = [
    # assignments
    ("x: torch.Tensor = u\nseen(x)", [TENSOR]),
    ("x: int = dev.shape[0]\nseen(x)", [HOST]),
    ("x: np.ndarray = u\nseen(x)", [NUMPY]),
    ("x = cpu\nx += dev\nseen(x)", [TENSOR]),
    ("x = cpu\nx += 1\nseen(x)", [HOST_TENSOR]),
    ("x = n\nx *= 2\nseen(x)", [HOST]),
    ("if (x := dev.sum()) is not None:\n    seen(x)", [TENSOR]),
    ("if (x := cpu.sum()) is not None:\n    seen(x)", [HOST_TENSOR]),
    ("x = y = cpu\nseen(x)\nseen(y)", [HOST_TENSOR, HOST_TENSOR]),
    # loops, with, try, match, assert
    ("while n:\n    x = dev\n    seen(x)", [TENSOR]),
    ("for _ in range(n):\n    seen(x)\n    x = cpu.sum()", [HOST_TENSOR]),
    ("for _ in range(n):\n    seen(x)\n    x = dev.sum()", [TENSOR]),
    ("with torch.no_grad():\n    x = dev * 2\nseen(x)", [TENSOR]),
    ("with open('f') as x:\n    seen(x)", [UNKNOWN]),
    ("try:\n    x = cpu\nexcept ValueError as e:\n    seen(e)\nseen(x)", [UNKNOWN, HOST_TENSOR]),
    ("match n:\n    case 1:\n        x = cpu\n        seen(x)", [HOST_TENSOR]),
    ("assert n, seen(dev)", [TENSOR]),
    ("if n:\n    raise ValueError(seen(cpu))", [HOST_TENSOR]),
    # branches merge: a device tensor on one path only is not a sure device tensor
    ("if n:\n    x = dev\nelse:\n    x = dev * 2\nseen(x)", [TENSOR]),
    ("if n:\n    x = cpu\nelse:\n    x = cpu * 2\nseen(x)", [HOST_TENSOR]),
    ("if n:\n    x = dev\nelse:\n    x = cpu\nseen(x)", [UNKNOWN]),
    ("if n:\n    x = dev\nelse:\n    return\nseen(x)", [TENSOR]),
    ("if n:\n    x = dev\nelse:\n    x = arr\nseen(x)", [UNKNOWN]),
    ("x = u\nif n:\n    x = x.detach()\nseen(x)", [TENSOR]),
    ("x = u\nif n:\n    x = x + 1\nseen(x)", [UNKNOWN]),
    # operators
    ("seen(dev > 0)\nseen(cpu > 0)\nseen(arr > 0)\nseen(n > 0)", [BOOL_TENSOR, HOST_TENSOR, NUMPY, HOST]),
    ("seen(dev == 'a')\nseen(dev is None)\nseen(dev in [1])", [HOST, HOST, HOST]),
    ("seen(u > 0)", [UNKNOWN]),
    ("seen(-dev)\nseen(-cpu)\nseen(-n)\nseen(-u)\nseen(not dev)", [TENSOR, HOST_TENSOR, HOST, UNKNOWN, HOST]),
    ("seen(dev.double() * 2)\nseen(dev.double() * cpu)\nseen(dev.double() * dev)", [F64_TENSOR, F64_TENSOR, TENSOR]),
    ("m = dev > 0\nseen(m & (dev < 1))\nseen(m & True)\nseen(m + 1)", [BOOL_TENSOR, BOOL_TENSOR, TENSOR]),
    ("seen(arr * 2)\nseen(n * 2.0)\nseen(u * 2)", [NUMPY, HOST, UNKNOWN]),
    ("seen(dev if n else dev * 2)\nseen(cpu if n else dev)", [TENSOR, UNKNOWN]),
    ("seen(f'{dev}')\nseen(n and dev)", [HOST, UNKNOWN]),
    ("seen(lambda: dev)", [UNKNOWN]),
    # attributes and indexing
    ("seen(dev.shape)\nseen(dev.dtype)\nseen(u.shape)\nseen(dev.device)", [HOST, HOST, HOST, HOST]),
    ("seen(dev.T)\nseen(cpu.T)\nseen(dev.grad)\nseen(dev.double().grad)", [TENSOR, HOST_TENSOR, TENSOR, F64_TENSOR]),
    ("seen(u.grad)\nseen(dev.foo)\nseen(torch.float32)", [TENSOR, UNKNOWN, HOST]),
    ("seen(dev[0])\nseen(cpu[0])\nseen(arr[0])\nseen((dev > 0)[0])", [TENSOR, HOST_TENSOR, NUMPY, BOOL_TENSOR]),
    ("seen(dev[dev > 0])\nseen(cpu[cpu > 0])", [TENSOR, HOST_TENSOR]),
    # calls of libraries and builtins
    ("seen(float(dev))\nseen(int(u))\nseen(len(dev))\nseen(abs(dev))\nseen(abs(u))", [HOST, HOST, HOST, TENSOR, UNKNOWN]),
    ("seen(math.sqrt(n))\nseen(np.mean(arr))\nseen(F.relu(dev))\nseen(F.relu(cpu))", [HOST, NUMPY, TENSOR, HOST_TENSOR]),
    ("seen(torch.load('x'))\nseen(torch.cuda.device_count())\nseen(torch.is_grad_enabled())", [Mapping(HOST, UNKNOWN), HOST, HOST]),
    ("seen(torch.nn.Linear(n, n))\nseen(torch.optim.SGD([]))\nseen(torch.LongTensor([1]))", [MODULE, UNKNOWN, HOST_TENSOR]),
    ("seen(torch.autograd.grad(dev, [dev]))\nseen(torch.nn.utils.clip_grad_norm_([], 1.0))", [Seq(TENSOR), TENSOR]),
    ("seen(torch.where(dev > 0))\nseen(torch.where(cpu > 0))\nseen(torch.nonzero(cpu))", [Seq(TENSOR), Seq(HOST_TENSOR), HOST_TENSOR]),
    ("seen(torch.unique(dev))\nseen(torch.unique(cpu))", [TENSOR, HOST_TENSOR]),
    ("seen(torch._foreach_norm([dev]))\nseen(torch.equal(dev, dev))\nseen(torch._utils.foo(dev))", [Seq(TENSOR), HOST, UNKNOWN]),
    ("seen(torch.isfinite(dev))\nseen(torch.isfinite(cpu))\nseen(dev.isnan())\nseen(cpu.isnan())", [BOOL_TENSOR, HOST_TENSOR, BOOL_TENSOR, HOST_TENSOR]),
    ("seen(torch.sum(dev, dtype=torch.float64))\nseen(dev.sum(dtype=torch.float64))", [F64_TENSOR, F64_TENSOR]),
    ("seen(torch.stack([dev.double()]))\nseen(dev.to(torch.float64))\nseen(dev.double().float())", [F64_TENSOR, F64_TENSOR, TENSOR]),
    ("seen(dev.item())\nseen(dev.tolist())\nseen(dev.numpy())\nseen(arr.item())\nseen(u.item())", [HOST, HOST, NUMPY, HOST, HOST]),
    ("seen(u.numel())\nseen(u.mean())\nseen(u.float())", [HOST, UNKNOWN, TENSOR]),
    # modules
    ("seen(model(dev))\nseen(model.parameters())\nseen(model.named_parameters())", [TENSOR, Seq(TENSOR), Seq(Tup((HOST, TENSOR)))]),
    ("seen(model.state_dict())\nseen(model.children())\nseen(model.to('cuda'))\nseen(model.foo())", [Mapping(HOST, TENSOR), Seq(MODULE), MODULE, UNKNOWN]),
    ("for p in model.parameters():\n    seen(p.grad)", [TENSOR]),
    ("seen(tokenizer('a', return_tensors='pt'))\nseen(tokenizer('a', return_tensors='np'))", [Mapping(HOST, HOST_TENSOR), Mapping(HOST, NUMPY)]),
    # triaged survivors of mutmut (each line kills one)
    ("x: Foo = cpu\nseen(x)", [HOST_TENSOR]),
    ("assert seen(dev) is not None", [TENSOR]),
    ("try:\n    pass\nexcept seen(ValueError):\n    pass", [UNKNOWN]),
    ("d = {'a': dev}\nx = {**seen(d)}", [Mapping(HOST, TENSOR)]),
    ("print(*seen([cpu]))\nseen((*[cpu], cpu))", [Seq(HOST_TENSOR), Seq(HOST_TENSOR)]),
    ("out = [u]\nout.append(dev)\nseen(out)", [Seq(UNKNOWN)]),
    ("a, b = None, None\nif n:\n    a, b = dev, cpu\nseen(a)\nseen(b)", [TENSOR, HOST_TENSOR]),
    ("x = u\nif n:\n    x = torch.relu(x)\nseen(x)", [TENSOR]),
    ("seen(arr.tolist())\nseen(u.tolist())", [HOST, HOST]),
    ("w = 3\nseen(f'{dev:{seen(w)}}')", [HOST, HOST]),
]


@pytest.mark.parametrize(("code", "expected"), CASES, ids=case_ids([c for c, _ in CASES]))
def test_evaluation(code: str, expected: list[Kind]) -> None:
    assert probes(body(code)) == expected


def test_union_annotations() -> None:
    source = ("import torch\nimport numpy as np\n\n\n"
              "def f(a: torch.Tensor | np.ndarray, b: torch.Tensor | torch.nn.Parameter):\n"
              "    seen(a)\n    seen(b)\n")
    assert probes(source) == [UNKNOWN, TENSOR]


def test_an_attribute_set_to_a_cpu_tensor_or_an_array_is_neither() -> None:
    source = ("import torch\nimport numpy as np\n\n\nclass A:\n    def f(self, n):\n"
              "        if n:\n            self.x = torch.zeros(2)\n        else:\n"
              "            self.x = np.zeros(2)\n        seen(self.x)\n")
    assert probes(source) == [UNKNOWN]


def test_an_attribute_one_branch_sets_keeps_its_kind() -> None:
    source = ("import torch\n\n\nclass A:\n    def f(self, n):\n"
              "        if n:\n            self.x = torch.zeros(2)\n        seen(self.x)\n")
    assert probes(source) == [HOST_TENSOR]
