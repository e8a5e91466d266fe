"""SYN103 device-synchronize: `torch.cuda.synchronize()` waits for every stream of the device."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.names import dotted_name
from synclint.rules.base import Rule

#: Device-wide waits: every stream of the device must drain.
DEVICE_WIDE = frozenset({"torch.cuda.synchronize", "torch.accelerator.synchronize"})


class DeviceSynchronize(Rule):
    code = "SYN103"
    name = "device-synchronize"
    summary = "`torch.cuda.synchronize()` waits for every stream where one stream may do"
    group = "explicit wait"
    default_enabled = False
    triggers = ("synchronize",)

    VALID = [
        # Waiting on the current stream only.
        "import torch\ntorch.cuda.current_stream().synchronize()\n",
        "import torch\ndef f(device):\n    torch.cuda.current_stream(device).synchronize()\n",
        # Waiting on an event.
        "import torch\nevent = torch.cuda.Event()\nevent.record()\nevent.synchronize()\n",
        # A stream object of its own.
        "import torch\ns = torch.cuda.Stream()\ns.synchronize()\n",
        "import torch\ntorch.cuda.Stream().synchronize()\n",
        # A collective barrier is not a device synchronize.
        "import torch\nimport torch.distributed as dist\ndist.barrier()\n",
        # Some other library's synchronize.
        "import torch\nimport jax\njax.effects_barrier()\nmylib.cuda.synchronize()\n",
        # Mentioned, not called.
        "import torch\nsync = torch.cuda.synchronize\n",
    ]
    INVALID = [
        "import torch\ntorch.cuda.synchronize()\n",
        "import torch\ndef rollback(device):\n    if device.type == 'cuda':\n"
        "        torch.cuda.synchronize(device)\n",
        "import torch as T\nT.cuda.synchronize()\n",
        "import torch\nfrom torch.cuda import synchronize\nsynchronize()\n",
        "import torch\nfrom torch import cuda\ncuda.synchronize(0)\n",
        "import torch\nfrom torch.cuda import synchronize as sync\nsync(device='cuda:1')\n",
        "import torch\nfor step in range(10):\n    torch.cuda.synchronize()\n",
    ]

    def visit_Call(self, node: cst.Call) -> None:
        qualified = self.ctx.imports.qualify(node.func)
        if qualified is None and dotted_name(node.func) == "torch.cuda.synchronize":
            # `torch` used without a visible import (a snippet, an import elsewhere).
            qualified = "torch.cuda.synchronize"
        if qualified not in DEVICE_WIDE:
            return
        stream = (
            "torch.cuda.current_stream()"
            if qualified == "torch.cuda.synchronize"
            else "torch.accelerator.current_stream()"
        )
        self.report(
            node,
            f"`{qualified}()` blocks the CPU until every stream of the device has finished; "
            f"where only the current stream's work must be done, `{stream}.synchronize()` "
            "or a recorded event's `.synchronize()` waits for less. A judgement call: a "
            "device-wide wait is the safer choice on rare paths (seed B1-PT-02 kept it)",
        )
