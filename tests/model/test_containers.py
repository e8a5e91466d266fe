"""Containers of tensors: lists, tuples, dicts, comprehensions, `zip`/`enumerate`,
unpacking. The elements keep where they live: a list of CPU tensors yields CPU tensors."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Kind,
    Mapping,
    Seq,
    Tup,
)
from tests.model.probe import case_ids, probes, syncs

HEADER = ("import torch\nimport numpy as np\n\n\n"
          "def f(n: int, t: torch.Tensor, ts: list[torch.Tensor], names: list[str]):\n"
          "    dev = t.cuda()\n    cpu = t.cpu()\n")


def body(code: str) -> str:
    return HEADER + "".join(f"    {line}\n" for line in code.strip("\n").split("\n"))


#: (function body with probes, the kinds of the probes in order). `dev` is a device
#: tensor, `cpu` a CPU tensor; each device case has a CPU twin.
CASES = [
    # `xs += [x]` grows the list as `xs.append(x)` does (fresh17 M3)
    ("xs = []\nxs += [dev]\nseen(xs)\nseen(xs[-1])", [Seq(TENSOR), TENSOR]),
    ("xs = []\nxs += [cpu]\nseen(xs[-1])", [HOST_TENSOR]),
    ("xs = [cpu]\nxs += [dev]\nseen(xs[-1])", [UNKNOWN]),
    ("xs = [dev, dev * 2]\nseen(xs)\nseen(xs[0])", [Seq(TENSOR), TENSOR]),
    ("xs = [cpu, cpu * 2]\nseen(xs)\nseen(xs[0])", [Seq(HOST_TENSOR), HOST_TENSOR]),
    ("xs = [dev, cpu]\nseen(xs)", [Seq(UNKNOWN)]),
    ("for x in [dev, t]:\n    seen(x)", [TENSOR]),
    ("for x in [cpu, torch.zeros(n)]:\n    seen(x)", [HOST_TENSOR]),
    ("for x in ts:\n    seen(x)", [TENSOR]),
    ("for x in ts[1:]:\n    seen(x)", [TENSOR]),
    ("for x in [y.cpu() for y in ts]:\n    seen(x)", [HOST_TENSOR]),
    ("for x in (y.cuda() for y in ts):\n    seen(x)", [TENSOR]),
    ("seen([y for y in names])", [Seq(HOST)]),
    ("seen({k: dev for k in names})", [Mapping(HOST, TENSOR)]),
    # tuples of known length keep each item
    ("pair = (dev, cpu)\nseen(pair[0])\nseen(pair[1])\nseen(pair[-1])\nseen(pair[5])",
     [TENSOR, HOST_TENSOR, HOST_TENSOR, UNKNOWN]),
    ("a, b = dev, cpu\nseen(a)\nseen(b)", [TENSOR, HOST_TENSOR]),
    ("(a, b), c = (cpu, dev), n\nseen(a)\nseen(b)\nseen(c)", [HOST_TENSOR, TENSOR, HOST]),
    ("a, *rest = [cpu, cpu]\nseen(a)\nseen(rest)", [HOST_TENSOR, Seq(HOST_TENSOR)]),
    ("a, *rest = ts\nseen(a)\nseen(rest)", [TENSOR, Seq(TENSOR)]),
    ("first, second = torch.zeros(n, 2).unbind(1)\nseen(first)", [HOST_TENSOR]),
    ("first, second = dev.chunk(2)\nseen(first)", [TENSOR]),
    # dicts
    ("d = {'a': dev}\nseen(d['a'])\nseen(d.get('a'))", [TENSOR, TENSOR]),
    ("d = {'a': cpu}\nseen(d['a'])\nseen(d.pop('a'))", [HOST_TENSOR, HOST_TENSOR]),
    ("d = {'a': dev}\nfor k, v in d.items():\n    seen(k)\n    seen(v)", [HOST, TENSOR]),
    ("d = {'a': cpu}\nfor k, v in d.items():\n    seen(v)", [HOST_TENSOR]),
    ("d = {'a': dev}\nfor v in d.values():\n    seen(v)\nfor k in d:\n    seen(k)",
     [TENSOR, HOST]),
    ("d = dict(zip(names, ts))\nseen(d)", [Mapping(HOST, TENSOR)]),
    ("d = dict([(1, cpu)])\nseen(d)", [Mapping(HOST, HOST_TENSOR)]),
    ("seen(torch.load('x.pt'))", [Mapping(HOST, UNKNOWN)]),
    # read onto the CPU where `map_location` says so (a state dict of CPU tensors)
    ("seen(torch.load('x.pt', map_location='cpu'))\n"
     "seen(torch.load('x.pt', map_location=torch.device('cpu')))\n"
     "seen(torch.load('x.pt', map_location='cuda'))",
     [Mapping(HOST, HOST_TENSOR), Mapping(HOST, HOST_TENSOR), Mapping(HOST, UNKNOWN)]),
    # zip, enumerate, builtins over containers
    ("for i, x in enumerate(ts):\n    seen(i)\n    seen(x)", [HOST, TENSOR]),
    ("for i, x in enumerate([cpu]):\n    seen(x)", [HOST_TENSOR]),
    ("for a, b in zip(ts, [cpu]):\n    seen(a)\n    seen(b)", [TENSOR, HOST_TENSOR]),
    ("for a, b in zip(names, names):\n    seen(b)", [HOST]),
    ("for x in [cpu] * n:\n    seen(x)\nfor y in 2 * [dev]:\n    seen(y)", [HOST_TENSOR, TENSOR]),
    ("xs = [cpu]\nxs *= 3\nseen(xs)", [Seq(HOST_TENSOR)]),
    ("seen(sorted(ts))\nseen(list(reversed([cpu])))", [Seq(TENSOR), Seq(HOST_TENSOR)]),
    ("seen(sum(ts))\nseen(sum([cpu, cpu]))\nseen(max(n, 2))", [TENSOR, HOST_TENSOR, HOST]),
    ("seen(next(iter(ts)))", [TENSOR]),
    ("seen(torch.stack(ts))\nseen(torch.stack([cpu, cpu]))", [TENSOR, HOST_TENSOR]),
    ("seen(torch.cat([y.cpu() for y in ts]))", [HOST_TENSOR]),
    ("for x in torch.split(cpu, 2):\n    seen(x)\nfor y in dev.split(2):\n    seen(y)",
     [HOST_TENSOR, TENSOR]),
    # appends decide an empty list's elements
    ("out = []\nfor y in names:\n    out.append(dev)\nseen(out)", [Seq(TENSOR)]),
    ("out = []\nfor y in names:\n    out.append(cpu)\nseen(out)", [Seq(HOST_TENSOR)]),
    ("out = [cpu]\nout.append(dev)\nseen(out)", [Seq(UNKNOWN)]),
    ("arrays = [np.zeros(n)]\nfor a in arrays:\n    seen(a)", [NUMPY]),
    ("seen((dev, cpu))", [Tup((TENSOR, HOST_TENSOR))]),
]


@pytest.mark.parametrize(("code", "expected"), CASES, ids=case_ids([c for c, _ in CASES]))
def test_containers(code: str, expected: list[Kind]) -> None:
    assert probes(body(code)) == expected


LOOPS = [
    ("for x in ts:", True),
    ("for x in [y.cpu() for y in ts]:", False),
    ("for _, x in enumerate(ts):", True),
    ("for _, x in enumerate([y.cpu() for y in ts]):", False),
    ("for x, _ in zip(ts, names):", True),
    ("for _, x in zip(ts, [torch.zeros(n)] * n):", False),
    ("for x in {'a': t}.values():", True),
    ("for x in {'a': t.cpu()}.values():", False),
]


@pytest.mark.parametrize(("loop", "device"), LOOPS, ids=case_ids([c for c, _ in LOOPS]))
def test_reading_elements_in_a_loop_end_to_end(loop: str, device: bool) -> None:
    source = ("import torch\n\n"
              "def f(n: int, t: torch.Tensor, ts: list[torch.Tensor], names: list[str]):\n"
              f"    {loop}\n        print(x.item())\n        if x:\n            pass\n")
    read = [s for s in syncs(source) if not s.endswith(":4")]  # not the loop's own line
    assert read == (["SYN101:5", "SYN102:6"] if device else [])
    assert (probes(source.replace("print(x.item())", "seen(x)"))[0] in DEVICE_TENSORS) is device
