"""What a test proves about a value in each branch: `isinstance`, `torch.is_tensor`,
`is None`, device tests, early returns and raises, `and`/`or` operands. Each narrowing
that makes a device tensor has a look-alike that must not."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Kind,
    Mapping,
    Seq,
)
from tests.model.probe import case_ids, findings, line_of, probe, probes, syncs

HEADER = "import numbers\nimport torch\nimport numpy as np\n\n\ndef f(x, n: int, batch: dict):\n"


def body(code: str) -> str:
    return HEADER + "".join(f"    {line}\n" for line in code.strip("\n").split("\n"))


#: (function body probing `x` once, the kind it has there; None: anything but a device
#: tensor, where the model may know more or less without being wrong).
CASES = [
    # isinstance and torch.is_tensor: a tensor where the test holds ...
    ("if isinstance(x, torch.Tensor):\n    seen(x)", TENSOR),
    ("if torch.is_tensor(x):\n    seen(x)", TENSOR),
    ("if isinstance(x, torch.nn.Parameter):\n    seen(x)", TENSOR),
    ("if isinstance(x, torch.FloatTensor):\n    seen(x)", TENSOR),
    ("if isinstance(x, (torch.Tensor, torch.nn.Parameter)):\n    seen(x)", TENSOR),
    # ... and where it fails, not a tensor any more
    ("if isinstance(x, torch.Tensor):\n    pass\nelse:\n    seen(x)", UNKNOWN),
    ("x = torch.ones(n).cuda()\nif not isinstance(x, torch.Tensor):\n    seen(x)", UNKNOWN),
    ("x = torch.ones(n).cuda()\nif isinstance(x, torch.Tensor):\n    pass\nelse:\n    seen(x)",
     UNKNOWN),
    # a CPU tensor stays on the CPU when a test proves it a tensor
    ("x = torch.ones(n)\nif isinstance(x, torch.Tensor):\n    seen(x)", HOST_TENSOR),
    ("x = torch.ones(n)\nif torch.is_tensor(x):\n    seen(x)", HOST_TENSOR),
    # other classes: host values, arrays, containers
    ("if isinstance(x, (int, float)):\n    seen(x)", HOST),
    ("if isinstance(x, bool):\n    seen(x)", HOST),
    ("if isinstance(x, numbers.Number):\n    seen(x)", HOST),
    ("if isinstance(x, np.ndarray):\n    seen(x)", NUMPY),
    ("if isinstance(x, (np.integer, np.floating)):\n    seen(x)", NUMPY),
    ("x = np.zeros(n)\nif isinstance(x, np.ndarray):\n    pass\nelse:\n    seen(x)", UNKNOWN),
    ("if isinstance(x, dict):\n    seen(x)", Mapping(UNKNOWN, UNKNOWN)),
    ("if isinstance(x, (list, tuple)):\n    seen(x)", Seq(UNKNOWN)),
    # a class the model does not know, or two that disagree: nothing proved
    ("if isinstance(x, MyTensor):\n    seen(x)", UNKNOWN),
    ("if isinstance(x, (torch.Tensor, float)):\n    seen(x)", UNKNOWN),
    ("if isinstance(x, (torch.Tensor, MyTensor)):\n    seen(x)", UNKNOWN),
    ("if isinstance(x, torch.Tensor, extra):\n    seen(x)", UNKNOWN),
    ("if torch.is_tensor(x, strict=True):\n    seen(x)", UNKNOWN),
    ("if isinstance(*x):\n    seen(x)", UNKNOWN),
    ("if isinstance(x.y(), torch.Tensor):\n    seen(x)", UNKNOWN),
    ("if callable(x):\n    seen(x)", UNKNOWN),
    # a local `isinstance` or `int` is not the builtin
    ("isinstance = check\nif isinstance(x, torch.Tensor):\n    seen(x)", UNKNOWN),
    ("int = torch.Tensor\nif isinstance(x, int):\n    seen(x)", UNKNOWN),
    ("dict = torch.Tensor\nif isinstance(x, dict):\n    seen(x)", UNKNOWN),
    # negation swaps the branches
    ("if not isinstance(x, torch.Tensor):\n    pass\nelse:\n    seen(x)", TENSOR),
    ("if not isinstance(x, torch.Tensor):\n    seen(x)", UNKNOWN),
    ("if not not isinstance(x, torch.Tensor):\n    seen(x)", TENSOR),
    # early return and raise: what follows the guard has the kind the test failing proves
    ("if not isinstance(x, torch.Tensor):\n    return\nseen(x)", TENSOR),
    ("if not torch.is_tensor(x):\n    raise TypeError(x)\nseen(x)", TENSOR),
    ("if isinstance(x, torch.Tensor):\n    return\nseen(x)", UNKNOWN),
    ("if not isinstance(x, torch.Tensor):\n    print(x)\nseen(x)", UNKNOWN),
    # the narrowing ends with the branch
    ("if isinstance(x, torch.Tensor):\n    pass\nseen(x)", UNKNOWN),
    # `and` / `or`: an operand runs when those before it held / failed
    ("isinstance(x, torch.Tensor) and seen(x)", TENSOR),
    ("not isinstance(x, torch.Tensor) or seen(x)", TENSOR),
    ("isinstance(x, torch.Tensor) or seen(x)", UNKNOWN),
    ("not isinstance(x, torch.Tensor) and seen(x)", UNKNOWN),
    ("if isinstance(x, torch.Tensor) and n > 0:\n    seen(x)", TENSOR),
    ("if n > 0 and isinstance(x, torch.Tensor):\n    seen(x)", TENSOR),
    ("if isinstance(x, torch.Tensor) or n > 0:\n    seen(x)", UNKNOWN),
    ("if not (isinstance(x, torch.Tensor) or n > 0):\n    seen(x)", UNKNOWN),
    ("if not (isinstance(x, torch.Tensor) or n > 0):\n    pass\nelse:\n    seen(x)", UNKNOWN),
    ("if not (isinstance(x, float) or isinstance(x, int)):\n    pass\nelse:\n    seen(x)",
     None),
    ("if not (isinstance(x, np.ndarray) or n):\n    return\nseen(x)", UNKNOWN),
    ("if not (n and isinstance(x, torch.Tensor)):\n    return\nseen(x)", TENSOR),
    ("if not isinstance(x, torch.Tensor) or n > 0:\n    return\nseen(x)", TENSOR),
    ("seen(x) if isinstance(x, torch.Tensor) else None", TENSOR),
    ("None if isinstance(x, torch.Tensor) else seen(x)", UNKNOWN),
    ("y = x if isinstance(x, torch.Tensor) else torch.tensor(x)\nseen(y)", UNKNOWN),
    # an expression is narrowed by its code: `batch["x"]`, `self.x` style attributes
    ("if isinstance(batch['x'], torch.Tensor):\n    seen(batch['x'])", TENSOR),
    ("if isinstance(batch['x'], torch.Tensor):\n    seen(batch['y'])", UNKNOWN),
    ("if isinstance(x.value, torch.Tensor):\n    seen(x.value)", TENSOR),
    ("if isinstance(x.value, torch.Tensor):\n    pass\nseen(x.value)", UNKNOWN),
    ("if isinstance(batch['x'], torch.Tensor):\n    pass\nseen(batch['x'])", UNKNOWN),
    # `is None`: a placeholder a branch fills is what the branch made
    ("x = None\nif n:\n    x = torch.ones(n).cuda()\nseen(x)", TENSOR),
    ("x = None\nif n:\n    x = torch.ones(n)\nseen(x)", HOST_TENSOR),
    ("x = 0.0\nif n:\n    x = torch.ones(n).cuda()\nseen(x)", UNKNOWN),
    ("x = torch.ones(n)\nif n:\n    x = torch.ones(n).cuda()\nseen(x)", UNKNOWN),
]


@pytest.mark.parametrize(("code", "expected"), CASES, ids=case_ids([c for c, _ in CASES]))
def test_narrowing(code: str, expected: Kind | None) -> None:
    found = probe(body(code))
    if expected is None:
        assert found not in DEVICE_TENSORS
    else:
        assert found == expected


def test_a_guard_on_an_annotated_optional_keeps_the_tensor() -> None:
    source = ("import torch\nfrom typing import Optional\n\n"
              "def f(t: Optional[torch.Tensor], u: torch.Tensor | None):\n"
              "    if t is None or u is None:\n        return\n    seen(t)\n    seen(u)\n"
              "    if t is not None:\n        seen(t)\n")
    assert probes(source) == [TENSOR, TENSOR, TENSOR]


def test_module_level_isinstance_is_the_builtin() -> None:
    """At module level a name bound earlier is the module's own, not a local that would
    shadow `isinstance`: the test still narrows."""
    source = ("import torch\nx = make()\nif isinstance(x, torch.Tensor):\n    seen(x)\n")
    assert probe(source) == TENSOR


#: Device tests: in the branch where the test says the tensor is on the CPU, reading it
#: never syncs.
DEVICE_TESTS = [
    "if t.device.type == 'cpu':",
    "if t.device == torch.device('cpu'):",
    "if t.device.type == 'cpu' and n > 0:",
    "if t.device.type != 'cpu':\n            pass\n        else:",
]


def _device_test_source(test: str) -> str:
    return ("import torch\n\ndef f(t: torch.Tensor, n: int):\n    for _ in range(n):\n"
            f"        {test}\n            seen(t)\n            print(t.item())\n")


@pytest.mark.parametrize("test", DEVICE_TESTS, ids=case_ids(DEVICE_TESTS))
def test_device_tests_prove_a_cpu_tensor(test: str) -> None:
    source = _device_test_source(test)
    assert probe(source) is HOST_TENSOR
    assert syncs(source) == []


def test_is_cpu_proves_a_cpu_tensor() -> None:
    assert probe(_device_test_source("if t.is_cpu:")) is HOST_TENSOR
    assert syncs(_device_test_source("if t.is_cpu:")) == []
    # Failing, it says nothing: `t` may be on any device.
    assert probe(_device_test_source("if t.is_cpu:\n            pass\n        else:")) \
        in DEVICE_TENSORS
    assert probe(_device_test_source("if not t.is_cpu:")) in DEVICE_TENSORS


#: Tests that leave the tensor where it may be on a device (`not t.is_cuda`: another
#: accelerator; `t.device.type == "cpu"` failing).
HOST_UNPROVED = ["if t.device.type == 'cuda':", "if t.is_cuda:", "if t.device.type != 'cpu':",
                 "if t.requires_grad:", "if not t.is_cuda:", "if not t.is_cuda and not t.is_mps:",
                 "if t.device.type == 'cpu':\n            pass\n        else:",
                 "if t.device.type == 'cpu' or n > 0:"]


@pytest.mark.parametrize("test", HOST_UNPROVED, ids=case_ids(HOST_UNPROVED))
def test_device_tests_that_prove_nothing_on_the_host_keep_the_device_tensor(test: str) -> None:
    source = ("import torch\n\ndef f(t: torch.Tensor, n: int):\n    for _ in range(n):\n"
              f"        {test}\n            seen(t)\n            print(t.item())\n")
    assert probe(source) in DEVICE_TENSORS
    assert syncs(source) == [f"SYN101:{source.count(chr(10))}"]  # the `.item()`


def test_narrowed_item_in_a_loop_end_to_end() -> None:
    """`isinstance(v, Tensor)` then `.item()` in a loop: a sync per iteration; the NumPy
    and number branches of the same dispatch are not."""
    source = ("import torch\nimport numpy as np\n\n"
              "def log(values: list, n: int):\n"
              "    for v in values:\n"
              "        if isinstance(v, torch.Tensor):\n"
              "            print(v.item())\n"
              "        elif isinstance(v, np.ndarray):\n"
              "            print(v.item())\n"
              "        elif isinstance(v, (int, float)):\n"
              "            print(v)\n"
              "        if isinstance(v, torch.Tensor) and v:\n"
              "            print(n)\n"
              "        if isinstance(v, np.generic) and v:\n"
              "            print(n)\n")
    assert syncs(source) == ["SYN101:7", "SYN102:12"]


#: A name that starts as a bool literal and becomes a device mask on one branch
#: (`partial = True`, then `partial = partial & mask`: TorchRL's rollout): a test that rules
#: the literal out leaves the mask.
BOOL_OR_MASK = "t = torch.ones(n).cuda()\np = True\nif n:\n    p = p & (t > 0)\n"

#: (code after BOOL_OR_MASK, or a whole body where it starts with "!", and the kind of the
#: probed `p`; None: anything but a device tensor).
LITERAL_CASES = [
    ("if p is not True:\n    seen(p)", BOOL_TENSOR),
    ("if True is not p:\n    seen(p)", BOOL_TENSOR),
    ("if p is True:\n    pass\nelse:\n    seen(p)", BOOL_TENSOR),
    ("if p is True:\n    return\nseen(p)", BOOL_TENSOR),
    ("if not isinstance(p, bool):\n    seen(p)", BOOL_TENSOR),
    ("if not isinstance(p, (int, float)):\n    seen(p)", BOOL_TENSOR),  # True is an int
    ("if isinstance(p, torch.Tensor):\n    seen(p)", BOOL_TENSOR),
    ("if torch.is_tensor(p):\n    seen(p)", BOOL_TENSOR),
    ("p is not True and seen(p)", BOOL_TENSOR),
    ("p is True or seen(p)", BOOL_TENSOR),
    ("if p is not True and n > 0:\n    seen(p)", BOOL_TENSOR),
    # where the literal is left, or the test cannot tell
    ("if p is True:\n    seen(p)", HOST),
    ("if isinstance(p, bool):\n    seen(p)", HOST),
    ("if isinstance(p, torch.Tensor):\n    pass\nelse:\n    seen(p)", HOST),
    ("if p is not True:\n    pass\nseen(p)", UNKNOWN),
    ("if p is not False:\n    seen(p)", UNKNOWN),
    ("if p is not None:\n    seen(p)", UNKNOWN),
    ("if not isinstance(p, float):\n    seen(p)", UNKNOWN),
    ("if not isinstance(p, (bool, torch.Tensor)):\n    seen(p)", None),
    ("if p == True:\n    seen(p)", None),
    ("if p is not True:\n    p = None\n    seen(p)", HOST),
    # look-alikes: the other value is not a device tensor, or the literal may be another
    ("!p = True\nif n:\n    p = p & (torch.ones(n) > 0)\nif p is not True:\n    seen(p)",
     HOST_TENSOR),
    ("!p = True\nif n:\n    p = p & (np.ones(n) > 0)\nif p is not True:\n    seen(p)", None),
    ("!p = True\nif n:\n    p = [n > 0]\nif p is not True:\n    seen(p)", None),
    ("!t = torch.ones(n).cuda()\np = False\nif n:\n    p = p | (t > 0)\n"
     "if p is not True:\n    seen(p)", UNKNOWN),
    ("!t = torch.ones(n).cuda()\np = 0\nif n:\n    p = p | (t > 0)\n"
     "if not isinstance(p, bool):\n    seen(p)", UNKNOWN),
    ("!t = torch.ones(n).cuda()\np = True\nif n:\n    p = p & (t > 0)\nelse:\n    p = False\n"
     "if p is not True:\n    seen(p)", UNKNOWN),
    ("!t = torch.ones(n).cuda()\np = True\np &= n > 1\nif n:\n    p = p & (t > 0)\n"
     "if p is not True:\n    seen(p)", UNKNOWN),
    ("!t = torch.ones(n).cuda()\np = True\nfor q in batch:\n    p = n > 1\nif n:\n"
     "    p = p & (t > 0)\nif p is not True:\n    seen(p)", UNKNOWN),
    ("!if x is not True:\n    seen(x)", UNKNOWN),
    # both branches keep the literal or make the mask: still one or the other
    ("!t = torch.ones(n).cuda()\np = True\nif n:\n    p = p & (t > 0)\nif n > 1:\n"
     "    p = p & (t < 9)\nif p is not True:\n    seen(p)", TENSOR),
    ("!t = torch.ones(n).cuda()\nif n:\n    p = True\nelse:\n    p = t > 0\n"
     "if p is not True:\n    seen(p)", BOOL_TENSOR),
]


@pytest.mark.parametrize(("code", "expected"), LITERAL_CASES,
                         ids=case_ids([c for c, _ in LITERAL_CASES]))
def test_a_bool_literal_or_tensor_is_the_tensor_where_a_test_rules_the_literal_out(
        code: str, expected: Kind | None) -> None:
    found = probe(body(code[1:] if code.startswith("!") else BOOL_OR_MASK + code))
    if expected is None:
        assert found not in DEVICE_TENSORS
    else:
        assert found == expected


def test_a_bool_or_mask_tested_per_step_end_to_end() -> None:
    """TorchRL's `_rollout_stop_early`: `partial_steps` is `True` until a step tracks it;
    where `is not True` holds, `.any()` reads the mask on every step. The same rollout over
    NumPy flags reads nothing from a device."""
    source = ("import torch\nimport numpy as np\n\n"
              "def rollout(t: torch.Tensor, a: np.ndarray, n: int, track: bool):\n"
              "    partial = True\n"
              "    flags = True\n"
              "    for _ in range(n):\n"
              "        if track:\n"
              "            partial = partial & (t > 0)\n"
              "            flags = flags & (a > 0)\n"
              "        if partial is not True:\n"
              "            if not partial.any():\n"
              "                break\n"
              "        if not isinstance(partial, bool) and partial.all():\n"
              "            break\n"
              "        if flags is not True and not flags.any():\n"
              "            break\n")
    assert syncs(source) == ["SYN102:12", "SYN102:14"]


CUDA_EXIT = """\
import numpy as np
import torch


def clip(parameters, t: torch.Tensor, n: int):
    parameters = list(parameters)
    if {test}:
        return {returned}
    for p in parameters:
        seen(p.grad)
        print(p.grad.cpu().numpy())
    for _ in range(n):
        seen(t)
        print(t.item())
"""


@pytest.mark.parametrize("test", ["parameters[0].is_cuda", "t.is_cuda"])
def test_the_rest_after_an_is_cuda_return_is_the_cpu_path(test: str) -> None:
    source = CUDA_EXIT.format(test=test, returned="None")
    kinds = probes(source)
    if test.startswith("parameters"):
        assert kinds == [HOST_TENSOR, TENSOR]
        assert syncs(source) == [f"SYN101:{line_of(source, 'print(t.item())')}"]
    else:
        assert kinds == [TENSOR, HOST_TENSOR]
        assert syncs(source) == [f"SYN101:{line_of(source, 'print(p.grad')}"]


@pytest.mark.parametrize("test", ["not parameters[0].is_cuda", "parameters[n].is_cuda",
                                  "parameters[0].is_cuda and n > 1",
                                  "parameters[0].device.type == 'cpu'"])
def test_other_early_returns_leave_the_parameters_on_the_device(test: str) -> None:
    source = CUDA_EXIT.format(test=test, returned="None")
    assert probes(source)[0] is TENSOR
    assert f"SYN101:{line_of(source, 'print(p.grad')}" in syncs(source)


def test_an_is_cuda_branch_that_falls_through_proves_nothing_after_it() -> None:
    source = CUDA_EXIT.replace("        return {returned}\n", "        n += 1\n").format(
        test="t.is_cuda")
    assert probes(source) == [TENSOR, TENSOR]


#: A device test on a list's first element (fresh12 F2: fairscale's grad scaler groups
#: grads by device and tests `grads[0].device.type == "cpu"`), as `xs[0].is_cuda` does.
FIRST_ELEMENT = """\
import torch


def f(xs: list[torch.Tensor], n: int):
    for _ in range(n):
        {test}
            for x in xs:
                seen(x)
                print(x.item())
"""


@pytest.mark.parametrize("test", ["if xs[0].device.type == 'cpu':",
                                  "if xs[0].device == torch.device('cpu'):",
                                  "if xs[0].device.type != 'cpu':\n            pass\n"
                                  "        else:"])
def test_a_device_test_on_the_first_element_proves_the_list_on_the_cpu(test: str) -> None:
    source = FIRST_ELEMENT.format(test=test)
    assert probe(source) is HOST_TENSOR
    assert syncs(source) == []


@pytest.mark.parametrize("test", ["if xs[0].device.type != 'cpu':",
                                  "if xs[n].device.type == 'cpu':",
                                  "if xs[0].device.type == 'cuda':"])
def test_other_tests_on_an_element_leave_the_list_on_the_device(test: str) -> None:
    source = FIRST_ELEMENT.format(test=test)
    assert probe(source) in DEVICE_TENSORS
    assert syncs(source) == [f"SYN101:{line_of(source, 'print(x.item())')}"]


def test_a_helper_called_on_the_cpu_group_reads_host_grads() -> None:
    """Across the call: the helper's only caller passes the group the test proved on the
    CPU, so neither the helper's read nor the chain at the call is a sync; called for the
    other groups, both are."""
    source = """\
from collections import defaultdict

import torch


def _unscale_cpu(grads: list[torch.Tensor]) -> None:
    for g in grads:
        print(g.abs().max().item())


def unscale(params: list[torch.Tensor], n: int) -> None:
    for _ in range(n):
        per_device = defaultdict(list)
        for p in params:
            per_device[p.device].append(p.grad)
        for grads in per_device.values():
            if grads[0].device.type {op} "cpu":
                _unscale_cpu(grads)
"""
    assert [d.code for d in findings(source.format(op="=="))] == []
    assert [d.code for d in findings(source.format(op="!="))] == ["SYN101", "SYN101"]
