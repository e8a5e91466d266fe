"""Rules with the whole-program index: syncs behind calls and in per-step code."""

from __future__ import annotations

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source, lint_sources
from synclint.rules import DEFAULT_CODES

HELPERS = "import torch\n\ndef to_float(t):\n    return t.item()\n\ndef flat(t):\n    return t.detach().reshape(-1)\n"


def findings(**files: str) -> list[Diagnostic]:
    sources = {f"{name}.py": text for name, text in files.items()}
    outputs = lint_sources(sources, DEFAULT_CODES)
    for output in outputs.values():
        assert output.error is None, output.error
    return [d for output in outputs.values() for d in output.diagnostics]


def test_helper_that_syncs_called_in_a_loop_is_reported_at_the_call() -> None:
    train = (
        "import torch\nfrom helpers import to_float\n\n"
        "def norms(model: torch.nn.Module):\n"
        "    out = []\n"
        "    for p in model.parameters():\n"
        "        out.append(to_float(p.norm()))\n"
        "    return out\n"
    )
    (finding,) = findings(helpers=HELPERS, train=train)
    assert finding.code == "SYN101" and finding.filename == "train.py"
    assert (finding.location.row, finding.location.column) == (7, 20)
    assert finding.message == "`to_float()` reads a tensor on the host (helpers.py:4), once per iteration"
    assert len(finding.message) <= 100
    (site,) = finding.related
    assert (site.filename, site.location.row, site.message) == ("helpers.py", 4, "the sync: `.item()`")


def test_the_batched_fix_in_a_helper_is_not_reported_at_a_call_in_a_loop() -> None:
    # The fixed form of the helper's loop (one stacked transfer per call), as in mmengine's
    # `_update_losses` called by each validation step: its own read is not reported again
    # at the caller, as SYN101 leaves `torch.stack(...).tolist()` in an outer loop alone.
    helpers = (
        "import torch\n\ndef update(losses: dict, out: dict[str, torch.Tensor]):\n"
        "    reads = [v.view(()) for v in out.values()]\n"
        "    alike = len({(r.device, r.dtype) for r in reads}) == 1\n"
        "    values = torch.stack(reads).tolist() if alike else [r.item() for r in reads]\n"
        "    for name, value in zip(out, values):\n"
        "        losses[name] = value\n"
    )
    train = (
        "import torch\nfrom helpers import update\n\n"
        "def run(model: torch.nn.Module, batches: list[torch.Tensor]):\n"
        "    losses = {}\n"
        "    for batch in batches:\n"
        "        update(losses, {'loss': model(batch).sum()})\n"
    )
    assert findings(helpers=helpers, train=train) == []
    # The form without the `alike` check (values of one dtype and device) neither.
    one_stack = helpers.replace(" if alike else [r.item() for r in reads]", "")
    assert findings(helpers=one_stack, train=train) == []
    # A helper that reads each value on every call is still reported at the call.
    each = helpers.replace("torch.stack(reads).tolist() if alike else [r.item() for r in reads]",
                           "[r.item() for r in reads]")
    at_calls = [f for f in findings(helpers=each, train=train) if f.filename == "train.py"]
    assert [(f.code, f.location.row) for f in at_calls] == [("SYN101", 7)]


def test_helper_look_alikes_stay_silent() -> None:
    train = (
        "import torch\nfrom helpers import to_float, flat\n\n"
        "def f(model: torch.nn.Module, lrs: list[float], ok: list[bool]):\n"
        "    total = torch.zeros((), device='cuda')\n"
        "    parts = []\n"
        "    for p in model.parameters():\n"
        "        parts.append(flat(p))\n"          # a helper that does not sync
        "        total += p.norm()\n"
        "    for lr, fine in zip(lrs, ok):\n"
        "        x = to_float(lr)\n"               # a host argument
        "        assert fine, to_float(total)\n"   # an assert message is cold
        "        if not fine:\n"
        "            raise ValueError(to_float(total))\n"  # so is a raise
        "    return to_float(total)\n"             # once, outside the loop
    )
    assert findings(helpers=HELPERS, train=train) == []


def test_a_local_function_shadows_the_helper_of_another_module() -> None:
    train = (
        "import torch\n\ndef to_float(t):\n    return t.detach()\n\n"
        "def f(model: torch.nn.Module):\n"
        "    return [to_float(p) for p in model.parameters()]\n"
    )
    assert findings(helpers=HELPERS, train=train) == []


def test_training_step_is_per_step_code() -> None:
    source = (
        "import lightning.pytorch as pl\nimport torch.nn.functional as F\n\n"
        "class Model(pl.LightningModule):\n"
        "    def training_step(self, batch, batch_idx):\n"
        "        x, y = batch\n"
        "        logits = self.net(x)\n"
        "        loss = F.cross_entropy(logits, y)\n"
        "        self.correct = (logits.argmax(-1) == y).sum().item()\n"
        "        if batch_idx % 100 == 0:\n"
        "            self.peek = loss.item()\n"   # periodic: not per step
        "        return loss\n"
        "    def on_train_epoch_end(self):\n"
        "        self.total = self.correct_t.sum().item()\n"
        "    def __init__(self, w):\n"
        "        super().__init__()\n"
        "        self.scale = float(F.normalize(w).sum())\n"
    )
    found = lint_source(source, "model.py", DEFAULT_CODES).diagnostics
    assert [(d.code, d.location.row) for d in found] == [("SYN101", 9)]
    (finding,) = found
    assert finding.message == ("`.item()` syncs with the GPU on every call: "
                               "`training_step` runs once per batch")
    assert [(r.location.row, r.message) for r in finding.related] == [
        (5, "`training_step` runs once per batch")]


def test_forward_and_hooks_are_per_step_code() -> None:
    source = (
        "import torch\nfrom torch import nn\n\n"
        "class Gate(nn.Module):\n"
        "    def __init__(self, w: torch.Tensor):\n"
        "        super().__init__()\n"
        "        self.k = int(w.sum())\n"
        "        self.register_buffer('count', torch.zeros(()))\n"
        "    def forward(self, x: torch.Tensor):\n"
        "        if self.count > 3:\n"
        "            return x\n"
        "        return x[x > 0]\n"
        "def hook(grad):\n"
        "    print(grad.norm().item())\n"
        "def setup(model):\n"
        "    for p in model.parameters():\n"
        "        p.register_hook(hook)\n"
    )
    found = lint_source(source, "gate.py", DEFAULT_CODES).diagnostics
    assert [(d.code, d.location.row) for d in found] == [
        ("SYN102", 10), ("SYN104", 12), ("SYN106", 14)]
    assert "`forward` runs on every call of the module" in found[0].message
    assert found[2].message.endswith("`hook` is a hook: runs on every backward")
    # The related location says why the code is per-step (the message may not have room).
    assert found[2].related[0].message == ("`hook` is a hook: runs on every backward "
                                           "(registered with `register_hook` here)")


def test_call_in_per_step_code_names_the_sync_and_the_hook() -> None:
    model = (
        "import torch\nfrom torch import nn\nfrom debug import max_abs\n\n"
        "class Enc(nn.Module):\n"
        "    def forward(self, x):\n"
        "        self.peak = max_abs(x)\n"
        "        return x\n"
    )
    debug = "import torch\n\ndef max_abs(t):\n    return t.abs().max().item()\n"
    (finding,) = findings(model=model, debug=debug)
    assert finding.code == "SYN101" and finding.location.row == 7
    assert finding.message.startswith("`max_abs()` reads a tensor on the host (debug.py:4)")
    assert len(finding.message) <= 100
    assert [(r.filename, r.location.row) for r in finding.related] == [
        ("model.py", 6), ("debug.py", 4)]


def test_returns_and_attributes_of_project_code_are_known() -> None:
    returns = "import torch\n\ndef compute_returns(r):\n    return torch.tensor(r, device='cuda')\n"
    ppo = (
        "from returns import compute_returns\n\n"
        "def norm(r):\n"
        "    returns = compute_returns(r)\n"
        "    if returns.var() > 1e-8:\n"
        "        returns = returns / returns.std()\n"
        "    return returns\n"
    )
    tracker = (
        "import torch\n\nclass Tracker:\n"
        "    def __init__(self):\n        self.total = torch.zeros((), device='cuda')\n"
        "    def big(self):\n        return bool(self.total > 1) if False else (self.total > 1e6)\n"
        "    def check(self):\n        if self.total > 1e6:\n            return True\n"
    )
    found = findings(returns=returns, ppo=ppo, tracker=tracker)
    assert sorted((d.filename, d.code, d.location.row) for d in found) == [
        ("ppo.py", "SYN102", 5), ("tracker.py", "SYN102", 9)]


def test_without_an_index_a_file_is_indexed_on_its_own() -> None:
    # lint_source (LSP, flake8 plugin) still sees hooks and helpers of the same file.
    source = (
        "import torch\n\ndef to_float(t):\n    return t.item()\n\n"
        "def f(ts: list[torch.Tensor]):\n    return [to_float(t) for t in ts]\n"
    )
    (finding,) = lint_source(source, "one.py", DEFAULT_CODES).diagnostics
    assert finding.message.startswith("`to_float()` reads a tensor on the host (one.py:4)")


SEGMENTS = (
    "import torch\n\n"
    "def valid(labels, probs, k):\n"
    "    area = (labels == k).sum()\n"
    "    other = (probs[k] >= 0.5).sum()\n"
    "    exists = area > 0 and other > 0\n"
    "    if exists:\n"
    "        return True\n"
    "    return False\n"
)


def test_a_helper_testing_the_sum_of_its_parameter_is_reported_where_a_tensor_is_passed() -> None:
    """transformers' DETR `check_segment_validity`: `.sum()` of an unannotated parameter
    is a tensor where a caller passes one. The call in the loop is reported; the helper
    itself, whose parameters nothing types, is not (its `.sum()` may be NumPy's), and a
    caller passing CPU tensors is not."""
    train = (
        "import torch\nfrom segments import valid\n\n"
        "def run(x: torch.Tensor, p: torch.Tensor, n: int):\n"
        "    x, p = x.cuda(), p.cuda()\n"
        "    for k in range(n):\n"
        "        valid(x, p, k)\n\n"
        "def on_host(n: int):\n"
        "    for k in range(n):\n"
        "        valid(torch.zeros(3), torch.zeros(3, 3), k)\n"
    )
    (finding,) = findings(segments=SEGMENTS, train=train)
    assert (finding.code, finding.filename, finding.location.row) == ("SYN102", "train.py", 7)
    assert finding.message.startswith("`valid()` tests a tensor as a Python bool")


def test_the_sum_of_a_parameter_fed_numpy_arrays_is_not_a_tensor() -> None:
    train = (
        "import numpy as np\nimport torch\nfrom segments import valid\n\n"
        "def run(n: int):\n"
        "    for k in range(n):\n"
        "        valid(np.zeros(3), np.zeros((3, 3)), k)\n"
    )
    assert findings(segments=SEGMENTS, train=train) == []


RECIPE = (
    "import torch\n\n"
    "class Recipe:\n"
    "    def __init__(self, model: torch.nn.Module):\n"
    "        self._model = model\n\n"
    "    def save_checkpoint(self, epoch: int) -> None:\n"
    "        state = {k: v.cpu() for k, v in self._model.state_dict().items()}\n"
    "        torch.save(state, f'ckpt{epoch}.pt')\n\n"
    "    def train(self, loader, epochs: int):\n"
    "        for curr_epoch in range(epochs):\n"
    "            for batch in loader:\n"
    "                self._model(batch).sum().backward()\n"
    "                {per_step}\n"
    "            self.save_checkpoint(epoch=curr_epoch)\n"
)


def test_a_checkpoint_saved_once_per_epoch_is_not_reported() -> None:
    """torchtune's recipes: save code called directly in the loop over epochs runs once
    per epoch, and moving the weights to the host is what it is for."""
    assert findings(recipe=RECIPE.replace("{per_step}", "pass")) == []


def test_a_checkpoint_saved_on_every_step_is_still_reported() -> None:
    (finding,) = findings(recipe=RECIPE.replace("{per_step}", "self.save_checkpoint(epoch=0)"))
    assert (finding.code, finding.location.row) == ("SYN101", 15)
    assert finding.message.startswith("`Recipe.save_checkpoint()` reads a tensor on the host")
