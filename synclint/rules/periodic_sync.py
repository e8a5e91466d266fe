"""SYN107 periodic-sync: a host read of a tensor under a periodic guard (`if step % 100 == 0:`).

SYN101 stays silent there: a read every N steps is usually deliberate periodic logging.
This off-by-default rule is the opt-in for projects that want even those reads found
(each one still waits for all queued GPU work, just not on every iteration).
"""

from __future__ import annotations

import libcst as cst

from synclint.analysis.chains import fitting
from synclint.analysis.cold import PERIODIC
from synclint.rules.sync_in_loop import SyncInLoop


class PeriodicSync(SyncInLoop):
    code = "SYN107"
    group = "host read"
    name = "periodic-sync"
    summary = "A tensor is read on the host under a periodic guard: one GPU sync every N steps"
    default_enabled = False
    fixable = False
    reports_periodic = True

    VALID = [
        # Every iteration: SYN101's business.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n        print(t.item())\n",
        # A loop inside the guard still syncs on each of its iterations (SYN101).
        "import torch\ndef f(ps: list[torch.Tensor], step: int):\n    if step % 10 == 0:\n"
        "        for p in ps:\n            print(p.item())\n",
        # A tensor remainder is a tensor test, not a periodic guard.
        "import torch\ndef f(ts: list[torch.Tensor], n: torch.Tensor):\n    for t in ts:\n"
        "        if n % 2 == 0:\n            pass\n",
        # The else branch of a periodic guard runs on most iterations (SYN101).
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for i, t in enumerate(ts):\n"
        "        if i % 10 == 0:\n            pass\n        else:\n            print(t.item())\n",
        # A raise argument is cold for every rule.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for i, t in enumerate(ts):\n"
        "        if i % 10 == 0:\n            raise ValueError(t.item())\n",
    ]
    INVALID = [
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for step, t in enumerate(ts):\n"
        "        if step % 100 == 0:\n            print(t.item())\n",
        "import torch\ndef f(self, loader):\n    for batch in loader:\n"
        "        loss = self.model(batch).sum()\n"
        "        if self.global_step % self.log_every_n_steps == 0:\n"
        "            self.log_value(loss.item())\n",
        "import torch\ndef f(ts: list[torch.Tensor], log_every: int):\n"
        "    for i, t in enumerate(ts):\n        should_log = (i + 1) % log_every == 0\n"
        "        if should_log:\n            print(float(t))\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for step, t in enumerate(ts):\n"
        "        if step % 2:\n            print(t.tolist())\n",
    ]

    def _report(self, node: cst.CSTNode, what: str, *, likely: bool = False,
                batched: bool = True, remedy: str | None = None) -> None:
        cold = self.ctx.cold(node)
        if cold is None or cold.reason != PERIODIC:
            return
        guard = "under a periodic guard"
        when = f"every {cold.period} steps" if cold.period is not None else guard
        remedy = ("Each read waits for all queued GPU work. Keep the value on the device "
                  "and read it less often, or accumulate on the device and read once.")
        self.report(
            node,
            fitting(f"{what} {when} syncs with the GPU", f"{what} {guard} syncs with the GPU"),
            confidence="likely" if likely else "high",
            help=f"If the receiver is a tensor: {remedy}" if likely else remedy,
        )
