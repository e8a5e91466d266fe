"""SYN106 sync-in-logging: a host read of a tensor handed to a logger in per-step code."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from synclint.analysis.chains import fitting, hot_related, setting_words
from synclint.analysis.kinds import DEVICE_TENSORS, UNKNOWN
from synclint.analysis.logging import (
    _CONTAINERS,
    is_lightning_log,
    logging_call_name,
    syn106_applies,
)
from synclint.diagnostics import Applicability, Related
from synclint.rules.base import PendingFix, Replacement, Rule

_LIGHTNING_HELP = (
    "Pass the tensor: `self.log` accepts tensors and Lightning reduces them on the device, "
    "reading them only when it writes to the logger"
)
_OTHER_HELP = "Log every N steps, or accumulate on the device and log the mean once"
_FIX_REASON = (
    "the logged value keeps the tensor's dtype: a float64 tensor is no longer rounded to "
    "float32, and Lightning warns about integer tensors and converts them"
)


class SyncInLogging(Rule):
    code = "SYN106"
    name = "sync-in-logging"
    summary = "A tensor is read on the host to be logged in per-step code: one GPU sync per step"
    fixable = True
    triggers = ("log", "print(", "set_postfix", "set_description", "add_scalar")

    VALID = [
        # Lightning reduces tensors itself.
        "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
        "    def training_step(self, batch, i):\n        loss = self.net(batch).mean()\n"
        "        self.log('loss', loss)\n        return loss\n",
        # Once per epoch is not per step.
        "import lightning.pytorch as pl\nimport torch\nclass M(pl.LightningModule):\n"
        "    def on_train_epoch_end(self):\n        t = torch.ones((), device='cuda')\n"
        "        self.log('x', t.item())\n",
        # Periodic logging.
        "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
        "    def training_step(self, batch, i):\n        loss = self.net(batch).mean()\n"
        "        if i % 100 == 0:\n            print(loss.item())\n        return loss\n",
        # Not a LightningModule: `self.log` is something else.
        "import torch\nclass Meter:\n    def training_step(self, t: torch.Tensor):\n"
        "        self.log('x', t.item())\n",
        # Host values.
        "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
        "    def training_step(self, batch, i):\n        self.log('n', float(len(batch)))\n",
    ]
    INVALID = [
        "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
        "    def training_step(self, batch, i):\n        loss = self.net(batch).mean()\n"
        "        self.log('loss', loss.item())\n        return loss\n",
        "import lightning.pytorch as pl\nclass M(pl.LightningModule):\n"
        "    def validation_step(self, batch, i):\n        a = self.net(batch).abs().mean()\n"
        "        self.log_dict({'a': a.item(), 'b': a.max().item()})\n",
        "import torch\nimport wandb\nclass Net(torch.nn.Module):\n"
        "    def forward(self, x: torch.Tensor):\n        wandb.log({'m': x.mean().item()})\n"
        "        return x\n",
        "import torch\ndef hook(grad: torch.Tensor):\n    print(grad.norm().item())\n"
        "def setup(p):\n    p.register_hook(hook)\n",
    ]

    def visit_Call(self, node: cst.Call) -> None:
        name = logging_call_name(self.ctx, node)
        if name is None or not syn106_applies(self.ctx, name):
            return
        for arg in node.args:
            for read, what in self._host_reads(arg, name):
                self._report(read, what, name)

    def _host_reads(self, node: cst.CSTNode, logger: str) -> Iterator[tuple[cst.CSTNode, str]]:
        if isinstance(node, cst.Call):
            found = self._host_read(node)
            if found is not None:
                yield node, found
            return
        if isinstance(node, cst.FormattedStringExpression) and \
                self.kind(node.expression) in DEVICE_TENSORS:
            yield node, "a tensor in an f-string"
            return
        if logger == "print" and isinstance(node, cst.Arg) and \
                self.kind(node.value) in DEVICE_TENSORS:
            yield node.value, "printing a tensor"
            return
        if not isinstance(node, _CONTAINERS):
            return
        for child in _children(node):
            yield from self._host_reads(child, logger)

    def _host_read(self, node: cst.Call) -> str | None:
        func = node.func
        # Not a plain `.numpy()`: it raises on a GPU tensor (the `.cpu()` before it reads).
        if isinstance(func, cst.Attribute) and func.attr.value in ("item", "tolist", "cpu"):
            receiver = self.kind(func.value)
            if receiver in DEVICE_TENSORS:
                return f"`.{func.attr.value}()`"
            if receiver is UNKNOWN and func.attr.value == "item" and (
                    self.ctx.imports.torch_imported or self.ctx.mentions_torch):
                return "`.item()`"
            return None
        if isinstance(func, cst.Name) and func.value in ("float", "int") and \
                not self.ctx.bound(func.value) and len(node.args) == 1 and \
                self.kind(node.args[0].value) in DEVICE_TENSORS:
            return f"`{func.value}()` of a tensor"
        return None

    def _report(self, node: cst.CSTNode, what: str, logger: str) -> None:
        hot = self.ctx.hot_here()
        related: tuple[Related, ...] = ()
        if hot is None:
            message = fitting(f"{what} in `{logger}()` syncs with the GPU on every iteration",
                              f"{what} in a logging call syncs with the GPU on every iteration")
        else:
            when = setting_words(hot)
            message = fitting(f"{what} in `{logger}()` syncs on every call{when}: {hot.reason}",
                              f"{what} in `{logger}()` syncs with the GPU on every call{when}",
                              f"{what} in a logging call syncs with the GPU on every call{when}",
                              f"{what} in a logging call syncs with the GPU on every call")
            related = hot_related(hot)
        fix = None
        help_text = _OTHER_HELP
        if is_lightning_log(logger):
            help_text = _LIGHTNING_HELP
            fix = _pass_tensor(node)
        confidence = "high"
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
                self.kind(node.func.value) is UNKNOWN:
            confidence = "likely"
        self.report(node, message, fix=fix, confidence=confidence, help=help_text,
                    related=related)


def _pass_tensor(node: cst.CSTNode) -> PendingFix | None:
    """`self.log(name, t.item())` -> `self.log(name, t)`."""
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "item" and not node.args):
        return None
    receiver = cst.Module([]).code_for_node(node.func.value)
    return PendingFix(Applicability.UNSAFE, f"Log the tensor itself ({_FIX_REASON})",
                      (Replacement(node, receiver),))


def _children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    from synclint.analysis.walker import iter_children

    yield from iter_children(node)
