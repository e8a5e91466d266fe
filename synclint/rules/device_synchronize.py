"""SYN103 device-synchronize: explicit waits: `torch.cuda.synchronize()` (every backend) waits
for every stream of the device; a stream's or event's `.synchronize()` in a loop, every step."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.names import dotted_name
from synclint.analysis.torch_api import DEVICE_WIDE
from synclint.rules.base import Rule

#: Calls that make stream and event objects (whose `.synchronize()` is a narrower wait).
_STREAM_FACTORIES = ("current_stream", "default_stream", "Stream", "Event", "ExternalStream")


class DeviceSynchronize(Rule):
    code = "SYN103"
    name = "device-synchronize"
    summary = ("An explicit wait: a device-wide `synchronize()`, or a stream or event wait in a "
               "loop")
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
        # A stream or event waited on once, outside a loop.
        "import torch\nstream = torch.cuda.Stream()\nfor x in xs:\n    pass\nstream.synchronize()\n",
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
        "import torch\ntorch.xpu.synchronize()\n",
        "import torch\ntorch.mps.synchronize()\n",
        "import torch\nfor batch in loader:\n    done = torch.cuda.Event()\n    done.record()\n"
        "    done.synchronize()\n",
        "import torch\nfor batch in loader:\n    torch.cuda.current_stream().synchronize()\n",
        "import torch\ndef f(copy_stream, loader):\n    for batch in loader:\n"
        "        copy_stream.synchronize()\n",
    ]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._streams: set[str] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if (self.ctx.in_loop and isinstance(node.func, cst.Attribute) and not node.args
                and node.func.attr.value == "synchronize" and self._is_stream_or_event(
                    node.func.value)):
            self.report(node, "`.synchronize()` on a stream or event in a loop blocks the CPU on "
                        "every iteration",
                        help="Wait once after the loop, or order the work on the device with "
                        "`stream.wait_event(event)` / `stream.wait_stream(other)`.")
            return
        qualified = self.ctx.imports.qualify(node.func)
        if qualified is None and dotted_name(node.func) == "torch.cuda.synchronize":
            # `torch` used without a visible import (a snippet, an import elsewhere).
            qualified = "torch.cuda.synchronize"
        if qualified not in DEVICE_WIDE:
            return
        stream = f"{qualified.rpartition('.')[0]}.current_stream()"
        self.report(
            node,
            f"`{qualified}()` waits for every stream of the device, where one stream may do",
            help=(f"Where only the current stream's work must be done, "
                  f"`{stream}.synchronize()` or a recorded event's `.synchronize()` waits "
                  "for less. A judgement call: on rare paths a device-wide wait is the safer "
                  "choice."),
        )

    def visit_Assign(self, node: cst.Assign) -> None:
        # `done = torch.cuda.Event()`: remember the names of streams and events.
        value = node.value
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                and value.func.attr.value in _STREAM_FACTORIES):
            return  # the cheap test first: almost no assignment makes a stream
        if self._is_stream_or_event(value):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    self._streams.add(target.target.value)

    def _is_stream_or_event(self, node: cst.BaseExpression) -> bool:
        """`torch.cuda.current_stream()`, `torch.cuda.Event()`, or a name that says so."""
        if isinstance(node, cst.Call):
            made_by = self.ctx.imports.qualify(node.func) or dotted_name(node.func) or ""
            return made_by.startswith("torch.") and made_by.rpartition(".")[2] in _STREAM_FACTORIES
        name = dotted_name(node)
        if name is None:
            return False
        if name in self._streams:
            return True
        last = name.rpartition(".")[2].lower()
        return "stream" in last or "event" in last
