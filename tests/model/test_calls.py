"""Call summaries: what a project function returns, read at its callers in other files
and in the same one; methods and attributes of the project's classes."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Kind,
    Seq,
    Tup,
)
from tests.model.probe import case_ids, findings, line_of, probe, probes, syncs

HELPERS = '''import torch
import numpy as np


def make(n):
    return torch.zeros(n, device="cuda")


def make_host(n):
    return torch.zeros(n)


def annotated_host(n) -> torch.Tensor:
    return torch.arange(n)


def flat(t):
    return t.detach().reshape(-1)


def moved(t):
    return t.to("cuda")


def to_host(t):
    return t.cpu()


def pair(t):
    return t.cuda(), t.cpu()


def as_array(t):
    return t.cpu().numpy()


def number(t):
    return t.item()


def either(t, flag):
    if flag:
        return t.cuda()
    return t.cpu()


def halves(t):
    return t.sum(), t.mean()


def declared(n) -> tuple[torch.Tensor, int]:
    return make(n), n
'''


def train(code: str) -> dict[str, str]:
    text = ("import torch\nfrom helpers import (make, make_host, annotated_host, flat, moved, to_host,\n"
            "    pair, as_array, number, either, declared, halves)\n\n\ndef step(n: int, t: torch.Tensor):\n"
            "    cpu = torch.ones(n)\n"
            + "".join(f"    {line}\n" for line in code.strip("\n").split("\n")))
    return {"helpers.py": HELPERS, "train.py": text}


#: (caller's body, the kinds of its probes in order); each device result has its look-alike.
CASES = [
    ("seen(make(n))", [TENSOR]),
    ("seen(make_host(n))", [HOST_TENSOR]),
    ("seen(annotated_host(n))", [HOST_TENSOR]),
    ("seen(flat(t))", [TENSOR]),
    ("seen(flat(cpu))", [HOST_TENSOR]),
    ("seen(flat(make_host(n)))", [HOST_TENSOR]),
    ("seen(to_host(t))", [HOST_TENSOR]),
    ("a, b = pair(t)\nseen(a)\nseen(b)", [TENSOR, HOST_TENSOR]),
    ("seen(as_array(t))", [NUMPY]),
    ("seen(number(t))", [HOST]),
    ("a, b = halves(cpu)\nseen(a)\nseen(b)", [HOST_TENSOR, HOST_TENSOR]),
    ("seen(either(t, n))", [UNKNOWN]),
    ("x, k = declared(n)\nseen(x)\nseen(k)", [TENSOR, HOST]),
    ("for x in [make(i) for i in range(n)]:\n    seen(x)", [TENSOR]),
    ("for x in [make_host(i) for i in range(n)]:\n    seen(x)", [HOST_TENSOR]),
]


@pytest.mark.parametrize(("code", "expected"), CASES, ids=case_ids([c for c, _ in CASES]))
def test_summaries_across_files(code: str, expected: list[Kind]) -> None:
    assert probes(train(code), "train.py") == expected


CALLS = [
    ("make(n)", True), ("make_host(n)", False), ("flat(t)", True), ("flat(cpu)", False),
    ("to_host(t)", False), ("annotated_host(n)", False),
]


@pytest.mark.parametrize(("call", "device"), CALLS, ids=case_ids([c for c, _ in CALLS]))
def test_item_of_a_call_result_in_a_loop(call: str, device: bool) -> None:
    sources = train(f"for _ in range(n):\n    x = {call}\n    print(x.item())")
    line = sources["train.py"].count("\n")  # the `.item()`
    read = [s for s in syncs(sources, "train.py") if s == f"SYN101:{line}"]
    assert read == ([f"SYN101:{line}"] if device else [])


def test_a_helper_that_moves_its_argument_does_not_return_it_on_the_host() -> None:
    """`moved(t)` returns `t.to("cuda")`: given a CPU tensor, its result is not computed
    on the host like `flat`'s is."""
    assert probes(train("seen(moved(cpu))"), "train.py") != [HOST_TENSOR]


def test_a_function_of_the_same_file_and_a_closure() -> None:
    source = ("import torch\n\n\ndef host(n):\n    return torch.zeros(n)\n\n\n"
              "def device(n):\n    return host(n).cuda()\n\n\n"
              "def outer(n):\n    base = torch.ones(n)\n    dev = base.cuda()\n\n"
              "    def inner():\n        seen(base)\n        seen(dev)\n\n"
              "    seen(host(n))\n    seen(device(n))\n    return inner\n")
    assert probes(source) == [HOST_TENSOR, TENSOR, HOST_TENSOR, TENSOR]


CLASSES = '''import torch


class Model(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.table = torch.zeros(n)
        self.register_buffer("steps", torch.zeros(n))
        self.layer = torch.nn.Linear(n, n)

    def host(self):
        return torch.arange(3)

    def device(self):
        return torch.arange(3).cuda()

    def forward(self, x):
        seen(self.table)
        seen(self.steps)
        seen(self.host())
        seen(self.device())
        seen(self.layer)
        seen(self.layer(x))
        return x


def run(model: Model):
    seen(model.table)
    seen(model.steps)
'''


def test_methods_and_attributes_of_a_class() -> None:
    """An attribute set to a CPU tensor stays one; a registered buffer moves with the
    module (it may be on the device); a submodule is a module and calling it a tensor."""
    assert probes(CLASSES) == [HOST_TENSOR, TENSOR, HOST_TENSOR, TENSOR, MODULE, TENSOR,
                               HOST_TENSOR, TENSOR]


def test_a_module_level_name_seen_in_a_function() -> None:
    source = ("import torch\nTABLE = torch.arange(10)\nDEVICE_TABLE = torch.arange(10).cuda()\n"
              "\n\ndef f():\n    seen(TABLE)\n    seen(DEVICE_TABLE)\n")
    assert probes(source) == [HOST_TENSOR, TENSOR]


def test_an_argument_kind_reaches_a_private_helper() -> None:
    """A helper every call feeds a NumPy array (annotated `Tensor`): its body runs on
    arrays, so `.item()` there is a host read; fed a device tensor it is a tensor."""
    def source(argument: str) -> str:
        return ("import torch\nimport numpy as np\n\n\n"
                "def _norm(x: torch.Tensor):\n    seen(x)\n    return x\n\n\n"
                f"def main(n):\n    return _norm({argument})\n")
    assert probe(source("np.zeros(n)")) not in DEVICE_TENSORS
    assert probe(source("torch.zeros(n).cuda()")) == TENSOR
    assert probe(source("x=np.zeros(n)")) not in DEVICE_TENSORS


def test_sequence_results() -> None:
    source = {"helpers.py": "import torch\n\n\ndef parts(n):\n"
                            "    return [torch.zeros(n), torch.ones(n)]\n\n\n"
                            "def device_parts(n):\n    return [torch.zeros(n).cuda()]\n",
              "m.py": "from helpers import parts, device_parts\n\n\ndef f(n):\n"
                      "    seen(parts(n))\n    seen(device_parts(n))\n"
                      "    for p in parts(n):\n        seen(p)\n"}
    assert probes(source) == [Seq(HOST_TENSOR), Seq(TENSOR), HOST_TENSOR]


def test_tuple_results_keep_each_item() -> None:
    source = train("seen(pair(t))")
    assert probes(source, "train.py") == [Tup((TENSOR, HOST_TENSOR))]


READERS = '''import json

import torch


def read(x):
    return x.item()


def test(x):
    if x > 0:
        return 1
    return 0


def always():
    return torch.ones(2).cuda().sum().item()


def to_array(x):
    return x.numpy()


def copy_to_array(x):
    return x.cpu().numpy()


def fmt(x: torch.Tensor):
    return f"{x}"


def blocking(x):
    return x.to("cpu", non_blocking=False)


def async_copy(x):
    return x.to("cpu", non_blocking=True)


def host_copy(n):
    return torch.zeros(n).cpu()


def middle():
    return fmt(json.loads("1"))


def after_loops(x: torch.Tensor):
    for _ in range(2):
        pass
    else:
        pass
    while False:
        pass
    else:
        pass
    return x.item()


def cold(x):
    if x is None:
        raise ValueError(x.item())
    return x
'''


HELPER_CALLS = [
    ("read(t)", ["SYN101"]),
    ("read(torch.ones(n))", []),
    ("read(np.zeros(n))", []),
    ("read(n)", []),
    ("test(t)", ["SYN102"]),
    ("test(torch.ones(n))", []),
    ("test(n)", []),
    ("always()", ["SYN101"]),
    ("cold(t)", []),
    # `Tensor.numpy()` raises on a GPU tensor: the helper reads host memory or fails.
    ("to_array(t)", []),
    ("to_array(torch.ones(n))", []),
    ("copy_to_array(t)", ["SYN101"]),
    ("copy_to_array(torch.ones(n))", []),
    ("fmt(t)", ["SYN101"]),
    ("fmt(torch.ones(n))", []),
    ("blocking(t)", ["SYN101"]),
    ("async_copy(t)", []),
    ("host_copy(n)", []),
    ("middle()", []),
    ("after_loops(t)", ["SYN101"]),
    ("after_loops(torch.ones(n))", []),
]


@pytest.mark.parametrize(("call", "expected"), HELPER_CALLS,
                         ids=case_ids([c for c, _ in HELPER_CALLS]))
def test_a_helper_syncs_on_what_its_caller_passes(call: str, expected: list[str]) -> None:
    """A helper's sync on its parameter is reported at a call in a loop when the argument
    is a device tensor, never when it is a CPU tensor, an array or a number; a sync in
    code that only runs to raise is not the helper's."""
    train = ("import torch\nimport numpy as np\nfrom readers import read, test, always, cold, "
             "to_array, copy_to_array, fmt, blocking, async_copy, host_copy, middle, "
             "after_loops\n\n\n"
             "def step(n: int, t: torch.Tensor):\n"
             f"    for _ in range(n):\n        {call}\n")
    found = syncs({"readers.py": READERS, "train.py": train}, "train.py")
    assert [s.split(":")[0] for s in found if s.endswith(":8")] == expected


def test_a_method_of_an_attribute_of_self_is_the_class_method() -> None:
    source = ("import torch\n\n\nclass Inner:\n    def make(self):\n        return torch.ones(2)\n\n"
              "    def device(self):\n        return torch.ones(2).cuda()\n\n\n"
              "class Outer:\n    def __init__(self):\n        self.inner = Inner()\n\n"
              "    def run(self):\n        seen(self.inner.make())\n        seen(self.inner.device())\n"
              "        seen(self.missing.make())\n\n\n"
              "def use(inner: Inner):\n    seen(inner.make())\n    seen(inner.device())\n")
    assert probes(source) == [HOST_TENSOR, TENSOR, UNKNOWN, HOST_TENSOR, TENSOR]


def test_a_helper_s_shape_sync_names_its_line() -> None:
    helpers = "import torch\n\n\ndef nz(x: torch.Tensor):\n    return x.nonzero()\n"
    train = ("import torch\nfrom helpers import nz\n\n\ndef step(n: int, t: torch.Tensor):\n"
             "    for _ in range(n):\n        nz(t)\n")
    found = [d for d in findings({"helpers.py": helpers, "train.py": train}, "train.py")
             if d.location.row == 7]
    assert found, "the call of nz in the loop is reported"
    sites = [(r.filename, r.location.row) for d in found for r in d.related]
    assert ("helpers.py", 5) in sites


def test_relative_imports_of_a_package() -> None:
    sources = {"pkg/__init__.py": "", "pkg/sub/__init__.py": "",
               "pkg/helpers.py": "import torch\n\n\ndef make(n):\n    return torch.zeros(n)\n\n\n"
                                 "def make_device(n):\n    return torch.zeros(n).cuda()\n",
               "pkg/sub/m.py": "from ..helpers import make, make_device\n\n\ndef f(n):\n"
                               "    seen(make(n))\n    seen(make_device(n))\n"}
    assert probes(sources, "pkg/sub/m.py") == [HOST_TENSOR, TENSOR]


def test_nested_results_keep_three_levels() -> None:
    source = {"helpers.py": "import torch\n\n\ndef nested():\n    return [[[torch.zeros(2)]]]\n",
              "m.py": "from helpers import nested\n\n\ndef f():\n    seen(nested())\n"}
    assert probes(source) == [Seq(Seq(Seq(HOST_TENSOR)))]


def test_an_object_collective_of_a_device_tensor_in_a_loop_is_a_sync() -> None:
    # `all_gather_object` pickles its objects: a device tensor is copied to the host.
    header = "import torch\n\n\ndef f(ts: list[torch.Tensor], ns: list[int], out):\n"
    device = header + "    for t in ts:\n        torch.distributed.all_gather_object(out, t)\n"
    assert syncs(device) == ["SYN101:6"]
    host = header + "    for n in ns:\n        torch.distributed.all_gather_object(out, n)\n"
    assert syncs(host) == []


def test_torch_equal_with_a_device_tensor_in_a_helper_reaches_its_callers() -> None:
    # `torch.equal(x, ref)` returns a Python bool: a sync whatever `x` is, once `ref` is on
    # a device; a caller in a loop that passes an unknown value is reported.
    helper = ("import torch\n\n\ndef same(x):\n    ref = torch.zeros(3, device='cuda')\n"
              "    return torch.equal(x, ref)\n\n\n")
    source = helper + "def f(xs):\n    for x in xs:\n        same(x)\n"
    assert syncs(source) == ["SYN101:11"]
    host = helper.replace("device='cuda'", "device='cpu'") + \
        "def f(xs):\n    for x in xs:\n        same(x)\n"
    assert syncs(host) == []


def test_a_helper_s_shape_sync_on_its_parameter_depends_on_what_the_caller_passes() -> None:
    helper = "import torch\n\n\ndef nz(x: torch.Tensor):\n    return x.nonzero()\n\n\n"
    device = helper + "def f(n: int, t: torch.Tensor):\n    for _ in range(n):\n        nz(t)\n"
    assert [d.location.row for d in findings(device) if d.code == "SYN104"] == [10]
    host = helper + ("def f(n: int):\n    h = torch.zeros(3)\n    for _ in range(n):\n"
                     "        nz(h)\n")
    assert [d for d in findings(host) if d.code == "SYN104"] == []


def test_a_method_of_a_nested_class_calls_its_own_methods_through_self() -> None:
    source = ("import torch\n\n\nclass Outer:\n    class Inner:\n"
              "        def read(self, x):\n            return x.item()\n\n"
              "        def run(self, ts: list[torch.Tensor]):\n            for t in ts:\n"
              "                self.read(t)\n")
    assert syncs(source) == ["SYN101:11"]
    # The message names the method by its own class, as for any method.
    (finding,) = findings(source)
    assert finding.message.startswith("`Inner.read()` ")
    host = source.replace("ts: list[torch.Tensor]", "ts: list[int]")
    assert syncs(host) == []


def test_an_import_in_an_except_handler_links_the_helper() -> None:
    helpers = "def read(x):\n    return x.item()\n"
    # The fallback when an optional package is missing (`import apex`, `import wandb`).
    train = ("import torch\ntry:\n    import fastpath\nexcept ImportError:\n"
             "    from helpers import read\n\n\ndef f(ts: list[torch.Tensor]):\n"
             "    for t in ts:\n        read(t)\n")
    assert syncs({"helpers.py": helpers, "train.py": train}, "train.py") == ["SYN101:10"]
    host = train.replace("list[torch.Tensor]", "list[int]")
    assert syncs({"helpers.py": helpers, "train.py": host}, "train.py") == []


SUBMODULES = '''import torch
from torch import nn


class Embed(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, valid: torch.Tensor):
        if valid.any():
            x = x * 2
        return self.proj(x), ~valid


class Grid(nn.Module):
    def forward(self, x: torch.Tensor):
        return x.shape[-2] // 16, x.shape[-1] // 16


class Scale(nn.Module):
    def forward(self, x):
        return x * 2


class Linear(nn.Linear):
    pass


class Masker:
    def __call__(self, x: torch.Tensor):
        return x > 0, len(x)


class Encoder(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.embed = Embed(dim)
        self.grid = Grid()
        self.scale = Scale()
        self.linear = Linear(dim, dim)
        self.masker = Masker()

    def forward(self, x: torch.Tensor, valid: torch.Tensor, n: int):
'''


#: (the end of `Encoder.forward`, probing one value; the kind it has).
SUBMODULE_CASES = [
    ("x, pad = self.embed(x, valid)\nseen(pad)", DEVICE_TENSORS),
    ("x, pad = self.embed(x, valid)\nseen(x)", DEVICE_TENSORS),
    ("seen(self.embed(x, valid))", Tup),
    ("embed = Embed(n)\nx, pad = embed(x, valid)\nseen(pad)", DEVICE_TENSORS),
    ("mask, count = self.masker(x)\nseen(mask)", DEVICE_TENSORS),
    ("mask, count = self.masker(x)\nseen(count)", HOST),
    # look-alikes: ints out of a submodule, a CPU tensor in, a forward the project lacks
    ("h, w = self.grid(x)\nseen(h)", HOST),
    ("seen(self.scale(torch.zeros(n)))", HOST_TENSOR),
    ("seen(self.scale(x))", DEVICE_TENSORS),
    ("seen(self.linear(x))", UNKNOWN),
    ("seen(self.embed(*[x, valid]))", UNKNOWN),
]


@pytest.mark.parametrize(("code", "expected"), SUBMODULE_CASES,
                         ids=case_ids([c for c, _ in SUBMODULE_CASES]))
def test_calling_a_project_module_returns_what_its_forward_returns(
        code: str, expected: object) -> None:
    source = SUBMODULES + "".join(f"        {line}\n" for line in code.split("\n"))
    found = probe(source)
    if expected is DEVICE_TENSORS:
        assert found in DEVICE_TENSORS
    elif expected is Tup:
        assert isinstance(found, Tup) and all(k in DEVICE_TENSORS for k in found.items)
    else:
        assert found == expected


def test_a_submodule_call_takes_its_return_not_its_syncs() -> None:
    """The submodule's `forward` is per-step code that reports its own test; its caller's
    call is not a second finding, and what comes back is tested where it is read."""
    source = SUBMODULES + ("        x, pad = self.embed(x, valid)\n"
                           "        h, w = self.grid(x)\n"
                           "        if h > 1 and pad.any():\n"
                           "            x = x + 1\n"
                           "        return x\n")
    lines = source.splitlines()
    embed_test = lines.index("        if valid.any():") + 1
    assert syncs(source) == sorted([f"SYN102:{embed_test}", f"SYN102:{len(lines) - 2}"])


def test_a_submodule_in_another_file_returns_what_its_forward_returns() -> None:
    sources = {
        "layers.py": SUBMODULES.split("class Encoder")[0],
        "model.py": ("import torch\nfrom torch import nn\nfrom layers import Embed\n\n\n"
                     "class Model(nn.Module):\n"
                     "    def __init__(self) -> None:\n"
                     "        super().__init__()\n"
                     "        self.embed = Embed(8)\n\n"
                     "    def forward(self, x: torch.Tensor, valid: torch.Tensor):\n"
                     "        x, pad = self.embed(x, valid)\n"
                     "        seen(pad)\n"
                     "        return x\n"),
    }
    assert probe(sources, "model.py") in DEVICE_TENSORS


def test_a_parameter_passed_on_by_keyword_carries_the_callee_s_effect() -> None:
    from tests.model.test_summary_syncs import summary_of

    source = "def read(t):\n    return t.item()\n\ndef f(loss):\n    return read(t=loss)\n"
    assert [(e.name, e.effect.code) for e in summary_of(source).param_effects] == [
        ("loss", "SYN101")]
    other = "def read(t):\n    return t.item()\n\ndef f(loss, scale):\n    return read(t=scale)\n"
    assert [e.name for e in summary_of(other).param_effects] == ["scale"]


METER = '''
import torch


class Meter:
    def read(self, t):
        return t.item()


class Quiet:
    def read(self, t):
        return t.detach()


class Trainer:
    def __init__(self):
        self.meter = Meter()
        self.quiet = Quiet()

    def train(self, batches):
        for b in batches:
            self.meter.read(b.cuda())  # syncs
            self.quiet.read(b.cuda())
'''


def test_a_method_of_an_object_stored_on_self_is_called_through_it() -> None:
    # `self.meter.read(...)` runs Meter.read; the same call through `self.quiet` does not sync.
    assert syncs(METER) == [f"SYN101:{line_of(METER, '# syncs')}"]


def test_a_helper_returning_its_optional_parameter_gives_what_the_caller_passed() -> None:
    source = ("import torch\n\n\ndef pick(x, t=None):\n    return t[0]\n\n\n"
              "def f(a, b: torch.Tensor):\n    seen(pick(a, b.cuda()))\n"
              "    seen(pick(a, t=b.cuda()))\n    seen(pick(a))\n")
    positional, keyword, omitted = probes(source)
    assert positional == TENSOR
    # By keyword: the tensor, or nothing known (the return is not traced through keywords).
    assert keyword in (TENSOR, UNKNOWN)
    assert omitted not in DEVICE_TENSORS  # the default, None


def test_an_import_in_a_match_case_links_the_helper() -> None:
    helpers = "def read(x):\n    return x.item()\n"
    train = ("import sys\nimport torch\nmatch sys.platform:\n    case 'linux':\n"
             "        from helpers import read\n\n\ndef f(ts: list[torch.Tensor]):\n"
             "    for t in ts:\n        read(t)\n")
    assert syncs({"helpers.py": helpers, "train.py": train}, "train.py") == ["SYN101:10"]
    host = train.replace("list[torch.Tensor]", "list[int]")
    assert syncs({"helpers.py": helpers, "train.py": host}, "train.py") == []


def test_a_method_returning_self_gives_no_tensor_of_its_argument() -> None:
    # A fluent `add` returns the object, not the tensor passed to it; `pick` returns it.
    source = ("import torch\n\n\nclass Box:\n    def add(self, t):\n        return self\n\n"
              "    def pick(self, t):\n        return t\n\n\n"
              "def f(box: Box, t: torch.Tensor):\n"
              "    seen(box.add(t.cuda()))\n    seen(box.pick(t.cuda()))\n")
    added, picked = probes(source)
    assert added not in DEVICE_TENSORS
    assert picked == TENSOR
